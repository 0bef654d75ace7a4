import type {
  MessageResponse,
  SafeArrivalCheck,
  SosContactResponse,
  SosPositionRequest,
  SosRequest,
  SosResponse,
  TripShareCreateResponse,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../http";
import { type FieldActionResult, sendFieldAction } from "../outbox/send-field-action";

/** A point the phone measured (metres of accuracy when known). */
export type Fix = { latitude: number; longitude: number; accuracy?: number };

/** `GET Sos/contact`: the emergency number (kept on the phone for the offline `tel:` offer). */
export async function loadSosContact(): Promise<SosContactResponse> {
  return (await http.get<SosContactResponse>(clientPath(API.sos.contact))).data;
}

/**
 * `POST Sos` through the outbox: sent now, or kept on the phone with its own time and position and
 * sent when the signal returns (once: the actionId). Without a trip id (e.g. a trip the driver started
 * offline) the server finds the person's trip itself: an SOS never waits on a trip's Start.
 */
export function raiseSos(body: SosRequest): Promise<FieldActionResult<SosResponse>> {
  return sendFieldAction<SosResponse>({
    method: "POST",
    path: clientPath(API.sos.raise),
    body: { ...body },
    local: { label: "Alerta SOS" },
  });
}

/** `POST Sos/position`: queued without waiting (a position every 10 s, in order, never shown). */
export function sendSosPosition(body: SosPositionRequest): Promise<FieldActionResult<MessageResponse>> {
  return sendFieldAction<MessageResponse>(
    { method: "POST", path: clientPath(API.sos.position), body: { ...body } },
    { waitMs: 0 },
  );
}

/** `POST TripShare`: a link to this trip for people without an account. */
export async function createTripShare(intermediateRouteId: number): Promise<TripShareCreateResponse> {
  return (await http.post<TripShareCreateResponse>(clientPath(API.tripShare.create), { intermediateRouteId }))
    .data;
}

/** `DELETE TripShare/{token}`: the link stops working. */
export async function revokeTripShare(token: string): Promise<void> {
  await http.delete<MessageResponse>(clientPath(API.tripShare.revoke, { token }));
}

/** `GET SafeArrival/pending`: the «¿Llegó bien?» checks asked and not answered. */
export async function loadPendingChecks(): Promise<SafeArrivalCheck[]> {
  return (await http.get<{ list: SafeArrivalCheck[] }>(clientPath(API.safeArrival.pending))).data.list;
}

/** `POST SafeArrival/confirm` («Sí, llegué bien») through the outbox. */
export function confirmArrival(id: number): Promise<FieldActionResult<MessageResponse>> {
  return sendFieldAction<MessageResponse>({
    method: "POST",
    path: clientPath(API.safeArrival.confirm),
    body: { id },
    local: { label: "Llegó bien" },
  });
}
