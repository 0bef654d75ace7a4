import { appOutbox } from "./app-outbox";
import type { SubmitOptions } from "./create-outbox";
import type { FieldAction, FieldActionResult } from "./field-action";

export type { FieldAction, FieldActionResult } from "./field-action";
export { newActionId } from "./new-action-id";

/**
 * The one way the app sends a field action (Start, scan, manual boarding, End, position, cancel,
 * comment). Adds a client-generated `actionId` (kept if the body has one; the server applies each at
 * most once), writes the action to the queue in IndexedDB first (the screens show it at once, see
 * `useOutbox().actions`), then sends it in order:
 * - online with nothing waiting: the answer within `waitMs` (3 s) → `{ status: "sent", data }`;
 *   a 4xx → throws the server's error (show `getErrorMessage(error)`) and the action leaves the queue
 *   (except 401/408/429, which are retried); no answer yet, or a 5xx → `{ status: "queued" }`;
 * - offline, or actions already waiting: queued behind them (a scan never overtakes a queued Start
 *   or End) → `{ status: "queued" }`.
 * Queued actions are replayed in order when the connection returns; a later refusal is listed in
 * `rejected` (shown by PendingIndicator) unless it only repeats what the server holds.
 *
 * The caller sets the device time in the body when the action happens (`scannedAt`, `recordedAt`,
 * `endedAt`): a queued action is sent later with that time, unchanged.
 */
export function sendFieldAction<T>(
  action: FieldAction,
  options?: SubmitOptions,
): Promise<FieldActionResult<T>> {
  return appOutbox().submit<T>(action, options);
}

/** What the UI says when an action was kept on the phone. */
export const QUEUED_MESSAGE = "Guardado; se enviará al volver la conexión";
