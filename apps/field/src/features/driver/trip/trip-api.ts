import { getErrorStatus } from "@treiber/client";
import type {
  BookingManifestResponse,
  NoShowResponse,
  ScanResponse,
  TripDetail,
  TripRider,
  TripSavedResponse,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/http";
import { FIELD_ACTION_TIMEOUT_MS } from "../../../shared/outbox/app-outbox";
import type { LocalHint } from "../../../shared/outbox/field-action";
import {
  type FieldActionResult,
  newActionId,
  sendFieldAction,
} from "../../../shared/outbox/send-field-action";
import type { TripKey } from "./local-trip";

/** Where the phone is (last known fix), sent with boardings and positions. */
export type Coordinates = { latitude: number; longitude: number };

const where = (position: Coordinates | null) =>
  position ? { latitude: position.latitude, longitude: position.longitude } : {};

/**
 * The trip (`GET IntermediateRoute/detail`, in progress or finished) with every rider of its route:
 * expected (Pending), boarded and cancelled (`GET TransportService/listEmployee`).
 */
export async function loadTrip(id: number): Promise<TripDetail> {
  // Without an answer in this time the phone's copy stays on screen and the catch-up tries again.
  const config = { params: { intermediateRouteId: id }, timeout: FIELD_ACTION_TIMEOUT_MS };
  const [{ data: trip }, riders] = await Promise.all([
    http.get<TripDetail>(clientPath(API.intermediateRoute.detail), config),
    http.get<TripRider[]>(clientPath(API.transportService.listEmployee), config).then(
      (response) => response.data,
      // Refused (4xx): the trip without its roster. Unreachable: the whole load failed (tried again).
      (error: unknown) => {
        const status = getErrorStatus(error);
        if (status === null || status >= 500) throw error;
        return null;
      },
    ),
  ]);
  return riders ? { ...trip, riders } : trip;
}

/**
 * `PUT IntermediateRoute/Start` of a scheduled route or a not-scheduled one, with the phone's time.
 * `actionId` is returned too: while the Start waits on the phone it names the trip (`/viaje/l-<id>`).
 */
export async function startTrip(target: {
  routeId: number | null;
  routeNotScheduledId: number | null;
}): Promise<{ actionId: string; result: FieldActionResult<TripSavedResponse> }> {
  const actionId = newActionId();
  const route =
    target.routeId !== null
      ? { routeId: target.routeId }
      : { routeNotScheduledId: target.routeNotScheduledId };
  const result = await sendFieldAction<TripSavedResponse>({
    method: "PUT",
    path: clientPath(API.intermediateRoute.start),
    body: { ...route, startedAt: new Date().toISOString(), actionId },
  });
  return { actionId, result };
}

/**
 * The trip of an action: its id, or (a trip started offline) the Start's actionId, replaced by the
 * trip's id when the action is sent.
 */
function tripFields(trip: TripKey): { body: { intermediateRouteId?: number }; tripRef?: string } {
  if (trip.id !== null) return { body: { intermediateRouteId: trip.id } };
  return { body: {}, ...(trip.ref !== null && { tripRef: trip.ref }) };
}

/** `POST TransportService`: a scanned QR; only riders expected on this trip are accepted. */
export function scanCode(
  trip: TripKey,
  codeQr: string,
  position: Coordinates | null,
  local: LocalHint = {},
): Promise<FieldActionResult<ScanResponse>> {
  const { body, tripRef } = tripFields(trip);
  return sendFieldAction({
    method: "POST",
    path: clientPath(API.transportService.scan),
    body: { codeQr, ...body, expectedOnly: true, scannedAt: new Date().toISOString(), ...where(position) },
    tripRef,
    local,
  });
}

/** `POST TransportService/manual`: a rider boarded without its QR, with the driver's reason. */
export function boardManually(
  trip: TripKey,
  employeeId: number,
  reason: string,
  position: Coordinates | null,
): Promise<FieldActionResult<ScanResponse>> {
  const { body, tripRef } = tripFields(trip);
  return sendFieldAction({
    method: "POST",
    path: clientPath(API.transportService.manual),
    body: { employeeId, reason, ...body, scannedAt: new Date().toISOString(), ...where(position) },
    tripRef,
    local: { employeeId },
  });
}

/** `PUT IntermediateRoute/End`, with the phone's time (kept if the End waits for the connection). */
export function endTrip(trip: TripKey): Promise<FieldActionResult<TripSavedResponse>> {
  const { body, tripRef } = tripFields(trip);
  return sendFieldAction({
    method: "PUT",
    path: clientPath(API.intermediateRoute.end),
    body: { ...body, endedAt: new Date().toISOString() },
    tripRef,
  });
}

/**
 * `POST IntermediateRoute/position` through the outbox, with the time the position was taken: not
 * waited for (the GPS goes on), sent in order with the trip's other actions.
 */
export function queuePosition(trip: TripKey, position: Coordinates, recordedAt: string): Promise<unknown> {
  const { body, tripRef } = tripFields(trip);
  return sendFieldAction(
    {
      method: "POST",
      path: clientPath(API.intermediateRoute.position),
      body: { ...body, ...where(position), recordedAt },
      tripRef,
    },
    { waitMs: 0 },
  );
}

/**
 * `GET Booking/manifest` of the trip's route and service date (issue 35): who is expected, who
 * cancelled, who was marked absent. The route's driver may read it.
 */
export async function loadManifest(routeId: number, date: string): Promise<BookingManifestResponse> {
  const { data } = await http.get<BookingManifestResponse>(clientPath(API.booking.manifest), {
    params: { routeId, date },
    timeout: FIELD_ACTION_TIMEOUT_MS,
  });
  return data;
}

/**
 * `PUT TransportService/noShow`: «Ausente» on a confirmed rider, with the phone's position and time
 * (kept with the action if it waits for the connection). The server accepts it only near the rider's
 * stop and after the wait; otherwise 409 with the reason («Espere hasta las 06:42 en la parada»).
 */
export function markNoShow(
  trip: TripKey,
  employeeId: number,
  position: Coordinates,
): Promise<FieldActionResult<NoShowResponse>> {
  const { body, tripRef } = tripFields(trip);
  return sendFieldAction({
    method: "PUT",
    path: clientPath(API.transportService.noShow),
    body: { employeeId, ...body, ...where(position), recordedAt: new Date().toISOString() },
    tripRef,
    local: { employeeId },
  });
}

export { QUEUED_MESSAGE } from "../../../shared/outbox/send-field-action";
