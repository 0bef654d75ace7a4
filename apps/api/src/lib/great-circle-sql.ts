import { EARTH_RADIUS_KM } from "@treiber/contract/geo";
import { type SQL, sql } from "drizzle-orm";

/** A point as SQL expressions (columns or parameters), in degrees. */
export type SqlPoint = { latitude: SQL; longitude: SQL };

/**
 * Great-circle km between two points in SQL: the haversine of `@treiber/contract/geo`
 * (`greatCircleKm`) on its Earth (`EARTH_RADIUS_KM`), so a figure computed in the database equals the
 * one computed in TypeScript.
 */
export function greatCircleKmSql(a: SqlPoint, b: SqlPoint): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
      power(sin(radians(${b.latitude} - ${a.latitude}) / 2), 2)
      + cos(radians(${a.latitude})) * cos(radians(${b.latitude}))
        * power(sin(radians(${b.longitude} - ${a.longitude}) / 2), 2)
    ))))`;
}

/** Great-circle metres between two points in SQL (`greatCircleMeters`). */
export function greatCircleMetersSql(a: SqlPoint, b: SqlPoint): SQL<number> {
  return sql<number>`(${greatCircleKmSql(a, b)} * 1000)`;
}
