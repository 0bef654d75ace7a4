import { greatCircleKm } from "@treiber/contract/geo";

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

/** Straight-line km between two map points (`greatCircleKm`, the one Earth distance). */
export const distanceKm = (a: Point, b: Point) =>
  greatCircleKm({ latitude: a.lat, longitude: a.lng }, { latitude: b.lat, longitude: b.lng });

export const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
