import { getErrorMessage, getErrorStatus } from "@treiber/client";
import { API, clientPath } from "@treiber/contract/api-paths";

export type SendErrorKind = { kind: "retry" } | { kind: "rejected"; status: number; message: string };

/** Answers worth retrying although they are 4xx: session to renew (401), timeout (408), too many (429). */
const RETRIABLE_4XX = new Set([401, 408, 429]);

/**
 * An SOS over the hourly limit (429) is final: sent again an hour later it would be a stale alarm;
 * the person is told and offered the emergency call instead.
 */
const FINAL_429_PATHS = new Set([clientPath(API.sos.raise)]);

/**
 * What to do with a failed send: no answer (offline, timeout) or a 5xx → keep and retry; any other
 * 4xx → the server refused the action for good (its message is kept for the UI). `path`: the
 * action's (see FINAL_429_PATHS).
 */
export function classifySendError(error: unknown, path?: string): SendErrorKind {
  const status = getErrorStatus(error);
  const final429 = status === 429 && path !== undefined && FINAL_429_PATHS.has(path);
  if (status === null || status >= 500 || (RETRIABLE_4XX.has(status) && !final429)) return { kind: "retry" };
  if (status >= 400) return { kind: "rejected", status, message: getErrorMessage(error) };
  return { kind: "retry" };
}
