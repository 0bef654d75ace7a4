import { type SQL, sql } from "drizzle-orm";

/** Mean Earth radius used by the haversine distance, in kilometres. */
export const EARTH_RADIUS_KM = 6371.0088;

/**
 * Kilometres driven on a trip: the sum of the great-circle (haversine) distances between its
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
    select sum(2 * ${EARTH_RADIUS_KM}::float8 * asin(sqrt(
      power(sin(radians(p.latitude - p.prev_latitude) / 2), 2)
      + cos(radians(p.prev_latitude)) * cos(radians(p.latitude))
        * power(sin(radians(p.longitude - p.prev_longitude) / 2), 2)
    )))
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
