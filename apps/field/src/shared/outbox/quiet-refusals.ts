import { API, clientPath } from "@treiber/contract/api-paths";
import { ALREADY_SCANNED_MESSAGE, TRIP_FINISHED_MESSAGE } from "@treiber/contract/messages";
import type { FieldAction } from "./field-action";

type Refusal = { status: number; message: string };

/**
 * A refusal that only repeats what the server already holds: the rider is already boarded, the trip
 * already ended. The driver did nothing wrong; the screen shows the server's state, not an error.
 */
export function alreadyApplied(action: FieldAction, refusal: Refusal): boolean {
  if (refusal.status !== 409) return false;
  if (
    action.path === clientPath(API.transportService.scan) ||
    action.path === clientPath(API.transportService.manual)
  ) {
    return refusal.message === ALREADY_SCANNED_MESSAGE;
  }
  return action.path === clientPath(API.intermediateRoute.end) && refusal.message === TRIP_FINISHED_MESSAGE;
}

/** Positions are not taps (the bus's, or a person's after an SOS): a refused one is dropped without a banner. */
export function isQuietAction(action: FieldAction): boolean {
  return (
    action.path === clientPath(API.intermediateRoute.position) || action.path === clientPath(API.sos.position)
  );
}
