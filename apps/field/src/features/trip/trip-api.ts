import type { ScanResponse, TripDetail, TripRider, TripSavedResponse } from "@treiber/contract";
import { http } from "../../shared/http";
import { type FieldActionResult, sendFieldAction } from "../../shared/outbox/send-field-action";

/** Where the phone is (last known fix), sent with boardings and positions. */
export type Coordinates = { latitude: number; longitude: number };

const where = (position: Coordinates | null) =>
  position ? { latitude: position.latitude, longitude: position.longitude } : {};

/**
 * The trip (`GET IntermediateRoute/detail`, in progress or finished) with every rider of its route:
 * expected (Pending), boarded and cancelled (`GET TransportService/listEmployee`).
 */
export async function loadTrip(id: number): Promise<TripDetail> {
  const params = { intermediateRouteId: id };
  const [{ data: trip }, riders] = await Promise.all([
    http.get<TripDetail>("/IntermediateRoute/detail", { params }),
    http.get<TripRider[]>("/TransportService/listEmployee", { params }).then(
      (response) => response.data,
      () => null,
    ),
  ]);
  return riders ? { ...trip, riders } : trip;
}

/** `PUT IntermediateRoute/Start` of a scheduled route or a not-scheduled one. */
export function startTrip(target: {
  routeId: number | null;
  routeNotScheduledId: number | null;
}): Promise<FieldActionResult<TripSavedResponse>> {
  const body =
    target.routeId !== null
      ? { routeId: target.routeId }
      : { routeNotScheduledId: target.routeNotScheduledId };
  return sendFieldAction({ method: "PUT", path: "/IntermediateRoute/Start", body });
}

/** `POST TransportService`: a scanned QR; only riders expected on this trip are accepted. */
export function scanCode(
  tripId: number,
  codeQr: string,
  position: Coordinates | null,
): Promise<FieldActionResult<ScanResponse>> {
  return sendFieldAction({
    method: "POST",
    path: "/TransportService",
    body: {
      codeQr,
      intermediateRouteId: tripId,
      expectedOnly: true,
      scannedAt: new Date().toISOString(),
      ...where(position),
    },
  });
}

/** `POST TransportService/manual`: a rider boarded without its QR, with the driver's reason. */
export function boardManually(
  tripId: number,
  employeeId: number,
  reason: string,
  position: Coordinates | null,
): Promise<FieldActionResult<ScanResponse>> {
  return sendFieldAction({
    method: "POST",
    path: "/TransportService/manual",
    body: {
      employeeId,
      reason,
      intermediateRouteId: tripId,
      scannedAt: new Date().toISOString(),
      ...where(position),
    },
  });
}

/** `PUT IntermediateRoute/End`, with the phone's time (kept if the End waits for the connection). */
export function endTrip(tripId: number): Promise<FieldActionResult<TripSavedResponse>> {
  return sendFieldAction({
    method: "PUT",
    path: "/IntermediateRoute/End",
    body: { intermediateRouteId: tripId, endedAt: new Date().toISOString() },
  });
}

/** `POST IntermediateRoute/position`: the REST fallback of the hub's `SendGeolocation`. */
export function sendPosition(tripId: number, position: Coordinates): Promise<FieldActionResult<unknown>> {
  return sendFieldAction({
    method: "POST",
    path: "/IntermediateRoute/position",
    body: { intermediateRouteId: tripId, ...where(position), recordedAt: new Date().toISOString() },
  });
}

/** What the UI says when an action was kept on the phone. */
export const QUEUED_MESSAGE = "Guardado; se enviará al volver la conexión";
