/**
 * The one home of distance on the Earth (issue 34): every great-circle distance and every
 * metres-per-degree conversion in API, web, Treiber App, packages and SQL takes its figures from here.
 */

/** A point on Earth in degrees. */
export type GeoPoint = { latitude: number; longitude: number };

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;
/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = EARTH_RADIUS_KM * 1000;
/** Metres per degree of latitude (and of longitude at the equator) on that sphere. */
export const METERS_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle ("straight line") km between two points (haversine). */
export function greatCircleKm(a: GeoPoint, b: GeoPoint): number {
  const h =
    Math.sin(toRadians(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) *
      Math.cos(toRadians(b.latitude)) *
      Math.sin(toRadians(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle metres between two points. */
export function greatCircleMeters(a: GeoPoint, b: GeoPoint): number {
  return greatCircleKm(a, b) * 1000;
}
