import type { FieldAction } from "./field-action";

export const TRIP_NOT_STARTED_MESSAGE = "No se registró porque la ruta no se pudo iniciar";

/** A refusal made on the phone, shaped like the HTTP client's (so it is classified and shown alike). */
const refusal = (status: number, message: string) => ({
  isAxiosError: true,
  response: { status, data: { statusCode: status, message } },
});

/**
 * The id of the trip a Start queued offline created (`trips` maps Start actionIds to trip ids, null
 * when that Start was refused). Throws a refusal when the Start was refused: the actions of a trip
 * that never began cannot be recorded.
 */
export function resolveTripRef(ref: string, trips: Record<string, number | null>): number {
  const tripId = trips[ref];
  if (typeof tripId === "number") return tripId;
  throw refusal(409, TRIP_NOT_STARTED_MESSAGE);
}

/** The trip id in the answer of a Start (`{ intermediateRoute: { id } }`), else undefined. */
export function tripIdOfAnswer(action: FieldAction, data: unknown): number | undefined {
  if (!action.path.endsWith("/Start")) return undefined;
  const id = (data as { intermediateRoute?: { id?: unknown } } | null)?.intermediateRoute?.id;
  return typeof id === "number" ? id : undefined;
}
