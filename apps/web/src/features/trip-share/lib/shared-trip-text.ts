import { formatClock, formatEta, timeAgo } from "@treiber/client/format";
import type { SharedTrip } from "@treiber/contract";

/**
 * How often the public page asks again: the contract's TRIP_SHARE_REFRESH_SECONDS (10 s), written
 * here because the page imports no value of the contract's index (zod stays out of its chunk); a
 * test holds them equal.
 */
export const SHARED_TRIP_REFRESH_MS = 10_000;

/** The page of a link that no longer works (unknown, expired or revoked: the server does not say which). */
export const SHARE_GONE_TITLE = "Este enlace ya no está disponible";
export const SHARE_GONE_TEXT =
  "El viaje terminó hace un rato o quien lo compartió dejó de compartirlo. Pídale un enlace nuevo si lo necesita.";

/** The trip's state in a few words (the server's Scheduled, InProgress or Finished). */
export function sharedTripStatusLabel(status: string): string {
  switch (status) {
    case "InProgress":
      return "En camino";
    case "Finished":
      return "Viaje terminado";
    default:
      return "Aún no sale";
  }
}

/**
 * The sentence a relative reads first: «Llega en ~N min» to the rider's stop while the bus runs,
 * or why there is no estimate.
 */
export function sharedTripEtaSentence(trip: Pick<SharedTrip, "status" | "etaMinutes" | "riderStop">): string {
  if (trip.status === "Finished") return "El viaje terminó";
  if (trip.status !== "InProgress") return "El bus aún no sale";
  if (trip.etaMinutes !== null) {
    return trip.etaMinutes <= 0 ? "Llegando a la parada" : `Llega en ~${formatEta(trip.etaMinutes)}`;
  }
  return trip.riderStop ? "Sin estimado de llegada por ahora" : "En camino";
}

/** «Ubicación de hace 2 minutos», or that the bus has not sent one. */
export function sharedTripPositionAge(position: SharedTrip["position"], now: Date = new Date()): string {
  if (!position) return "Sin ubicación del bus todavía";
  return `Ubicación: ${timeAgo(position.at, now).toLowerCase()}`;
}

/** «Este enlace funciona hasta las 9:40 p. m.» */
export function sharedTripExpirySentence(expiresAt: string): string {
  return `Este enlace funciona hasta las ${formatClock(expiresAt)}`;
}
