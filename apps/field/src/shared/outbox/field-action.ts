/**
 * A field action (Start, scan, manual boarding, End, position, cancel, comment) as the server receives it.
 *
 * Offline times: the caller puts the device time of the action in the body (`scannedAt` of a scan or a
 * manual boarding, `recordedAt` of a position, `endedAt` of an End) when it happens. The outbox never
 * changes the body, so an action replayed later keeps the time (and position) it was taken at; the
 * server checks it against the trip's start and its own clock.
 */
export type FieldAction = {
  method: "POST" | "PUT";
  /** Path under `/api/v1`, e.g. `/TransportService`. */
  path: string;
  body: Record<string, unknown>;
  /**
   * An action of a trip started offline: the actionId of its Start. When sent, `body.intermediateRouteId`
   * becomes the id of the trip that Start created (the Start goes first: the queue is FIFO).
   */
  tripRef?: string;
  /** What the phone knew when the action was taken, to show it before the server answers (never sent). */
  local?: LocalHint;
};

/**
 * E.g. the rider a scanned QR belongs to, recognised offline from the roster kept on the phone, or
 * what the screen calls the action («Naco 1», a booking change's route).
 */
export type LocalHint = { employeeId?: number; label?: string };

/** Sent now (`data` is the server's answer) or kept on the phone to be sent when the connection returns. */
export type FieldActionResult<T> = { status: "sent"; data: T } | { status: "queued" };

/** A field action waiting in the outbox (IndexedDB). `body.actionId` equals `id` on every attempt. */
export interface QueuedAction extends FieldAction {
  /** The action's `actionId` (UUID): the server applies each id at most once. */
  id: string;
  /** Epoch ms when the action was taken. */
  createdAt: number;
  /**
   * The signed-in user who took it: only that user's session sends it (actions queued before this
   * field existed have none and go with whoever is signed in).
   */
  userId?: number;
  /** Failed attempts so far. */
  attempts: number;
  /** Epoch ms before which the sender does not try again (backoff). */
  nextAttemptAt: number;
  /** Position in the queue (IndexedDB auto-increment key; FIFO). Set by the store. */
  seq?: number;
}

/** An action the server refused for good (4xx): removed from the queue and kept to be shown. */
export interface RejectedAction {
  id: string;
  tripRef?: string;
  userId?: number;
  method: FieldAction["method"];
  path: string;
  body: Record<string, unknown>;
  createdAt: number;
  rejectedAt: number;
  status: number;
  /** The server's Spanish message. */
  message: string;
  /** What the phone knew when the action was taken (to name it in the refusal). */
  local?: LocalHint;
}
