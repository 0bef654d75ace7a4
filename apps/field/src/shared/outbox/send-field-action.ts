import { appOutbox } from "./app-outbox";
import type { FieldAction, FieldActionResult } from "./field-action";

export type { FieldAction, FieldActionResult } from "./field-action";
export { newActionId } from "./new-action-id";

/**
 * The one way the app sends a field action (Start, scan, manual boarding, End, position, cancel,
 * comment). Adds a client-generated `actionId` (kept if the body has one; the server applies each at
 * most once) and:
 * - online with nothing waiting: sends now → `{ status: "sent", data }`; no answer or a 5xx → queued;
 *   a 4xx → throws the server's error (show `getErrorMessage(error)`), nothing is queued
 *   (except 401/408/429, which are queued and retried);
 * - offline, or actions already waiting: queued behind them (a scan never overtakes a queued Start
 *   or End) → `{ status: "queued" }`.
 * Queued actions live in IndexedDB and are replayed in order when the connection returns.
 *
 * The caller sets the device time in the body when the action happens (`scannedAt`, `recordedAt`,
 * `endedAt`): a queued action is sent later with that time, unchanged.
 */
export function sendFieldAction<T>(action: FieldAction): Promise<FieldActionResult<T>> {
  return appOutbox().submit<T>(action);
}
