import { getErrorMessage, getErrorStatus } from "@treiber/client";

export type SendErrorKind = { kind: "retry" } | { kind: "rejected"; status: number; message: string };

/** Answers worth retrying although they are 4xx: session to renew (401), timeout (408), too many (429). */
const RETRIABLE_4XX = new Set([401, 408, 429]);

/**
 * What to do with a failed send: no answer (offline, timeout) or a 5xx → keep and retry; any other
 * 4xx → the server refused the action for good (its message is kept for the UI).
 */
export function classifySendError(error: unknown): SendErrorKind {
  const status = getErrorStatus(error);
  if (status === null || status >= 500 || RETRIABLE_4XX.has(status)) return { kind: "retry" };
  if (status >= 400) return { kind: "rejected", status, message: getErrorMessage(error) };
  return { kind: "retry" };
}
