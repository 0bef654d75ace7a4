import { type SQL, sql } from "drizzle-orm";
import { greatCircleKmSql } from "../../lib/great-circle-sql.js";

/**
 * Kilometres driven on a trip: the sum of the great-circle distances (`greatCircleKmSql`) between its
 * consecutive GPS positions, in the order the phone recorded them. A trip with fewer than two
 * positions drove 0 km. `tripId` is an SQL expression (a column or a parameter).
 * A compacted trip (`trip_traces`, docs/decisions/0033) answers the km frozen when it was compacted,
 * computed by `rawTripKmSql` on the same positions: the same figure before and after its raw
 * positions are deleted.
 */
export function tripKmSql(tripId: SQL): SQL<number> {
  return sql<number>`coalesce(
    (select tt.km from trip_traces tt where tt.intermediate_route_id = ${tripId}),
    ${rawTripKmSql(tripId)})::float8`;
}

/** The km of a trip's raw positions (`trip_positions`), whether or not it has a compact trace. */
export function rawTripKmSql(tripId: SQL): SQL<number> {
  return sql<number>`coalesce((
    select sum(${greatCircleKmSql(
      { latitude: sql`p.prev_latitude`, longitude: sql`p.prev_longitude` },
      { latitude: sql`p.latitude`, longitude: sql`p.longitude` },
    )})
    from (
      select tp.latitude, tp.longitude,
        lag(tp.latitude) over w as prev_latitude,
        lag(tp.longitude) over w as prev_longitude
      from trip_positions tp
      where tp.intermediate_route_id = ${tripId}
      window w as (order by tp.recorded_at, tp.id)
    ) p
    where p.prev_latitude is not null
  ), 0)::float8`;
}
