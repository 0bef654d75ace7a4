/** A map point and the geometry the demo trails need. */
export type Point = { lat: number; lng: number };

export function bearing(from: Point, to: Point): number {
  const toRad = Math.PI / 180;
  const y = Math.sin((to.lng - from.lng) * toRad) * Math.cos(to.lat * toRad);
  const x =
    Math.cos(from.lat * toRad) * Math.sin(to.lat * toRad) -
    Math.sin(from.lat * toRad) * Math.cos(to.lat * toRad) * Math.cos((to.lng - from.lng) * toRad);
  return Math.round(((Math.atan2(y, x) / toRad + 360) % 360) * 10) / 10;
}

export function distanceKm(a: Point, b: Point): number {
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLng = (b.lng - a.lng) * toRad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
