import type { DriverGeolocation } from "@treiber/contract";

/** A parsed `ReceivedDriverGeolocation`: the driver and the date may be missing. */
export type GeolocationUpdate = Pick<DriverGeolocation, "intermediateRouteId" | "latitude" | "longitude"> & {
  driverId: DriverGeolocation["driverId"] | null;
  date: DriverGeolocation["date"] | null;
};

function finite(value: unknown): number | null {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : null;
}

/**
 * The `ReceivedDriverGeolocation` argument (an object, or a JSON string of one): the trip, the
 * driver and the coordinates. Anything without a trip id and valid coordinates gives null.
 */
export function parseGeolocation(argument: unknown): GeolocationUpdate | null {
  let value: unknown = argument;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  const tripId = finite(record.intermediateRouteId ?? record.IntermediateRouteId);
  const latitude = finite(record.latitude ?? record.Latitude);
  const longitude = finite(record.longitude ?? record.Longitude);
  if (tripId === null || !Number.isInteger(tripId) || tripId <= 0) return null;
  if (latitude === null || longitude === null) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const driverId = finite(record.driverId ?? record.DriverId);
  const date = record.date ?? record.Date;
  return {
    intermediateRouteId: tripId,
    driverId,
    latitude,
    longitude,
    date: typeof date === "string" ? date : null,
  };
}

/** The trip id of a `FinishIntermediateRoute` argument (an object or JSON string with intermediateRouteId, or the id). */
export function parseFinishedTripId(argument: unknown): number | null {
  let value = argument;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const raw =
    value && typeof value === "object" ? (value as Record<string, unknown>).intermediateRouteId : value;
  const id = typeof raw === "number" || typeof raw === "string" ? Number(raw) : Number.NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}
