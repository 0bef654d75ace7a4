import { METERS_PER_DEGREE } from "@treiber/contract/geo";
import type { GeoPoint } from "./types.js";

/**
 * Flat metres around one point (equirectangular, on the contract's sphere: `@treiber/contract/geo`,
 * the one home of the Earth's radius): within the 200 km a route may span, distances
 * differ from the great circle by far less than GPS noise, and each position costs two multiplications.
 */
export class LocalProjection {
  private readonly kx: number;

  constructor(
    private readonly origin: GeoPoint,
    private readonly ky = METERS_PER_DEGREE,
  ) {
    this.kx = ky * Math.cos((origin.latitude * Math.PI) / 180);
  }

  x(longitude: number): number {
    return (longitude - this.origin.longitude) * this.kx;
  }

  y(latitude: number): number {
    return (latitude - this.origin.latitude) * this.ky;
  }

  /** Back to degrees (the simulator draws in metres). */
  toGeo(x: number, y: number): GeoPoint {
    return { latitude: this.origin.latitude + y / this.ky, longitude: this.origin.longitude + x / this.kx };
  }
}
