import { HUB_METHODS } from "@treiber/contract/hub-names";
import { appHub } from "../../../shared/hub";
import { appOutbox } from "../../../shared/outbox/app-outbox";
import type { TripKey } from "./local-trip";
import { createPositionThrottle } from "./position-throttle";
import { type Coordinates, queuePosition } from "./trip-api";

/** A position the hub has not acknowledged within this time goes through the outbox instead. */
export const HUB_ACK_MS = 4_000;

type Taken = { trip: TripKey; position: Coordinates; recordedAt: string };

/** One position every 5 s at most, whichever screen or watcher took it. */
const throttle = createPositionThrottle();

/** Positions sent by the hub and not acknowledged yet, by device time. */
const unacknowledged = new Map<string, Taken>();

const toOutbox = (taken: Taken) =>
  queuePosition(taken.trip, taken.position, taken.recordedAt).catch(() => undefined);

/**
 * Sends a position taken at `at` (at most one every 5 s), stamped with the phone's time. By the hub (`SendGeolocationAt`) when it
 * is connected and nothing waits in the outbox; otherwise, or when the hub does not acknowledge it
 * within {@link HUB_ACK_MS}, through the outbox (REST), in order with the trip's other actions. A
 * position that reaches the server both ways has the same time and is stored once.
 */
export function sendTripPosition(trip: TripKey, position: Coordinates, at = Date.now()): void {
  if (!throttle.shouldSend(at)) return;
  const taken: Taken = { trip, position, recordedAt: new Date(at).toISOString() };
  const hub = appHub();
  const direct =
    trip.id !== null &&
    navigator.onLine !== false &&
    String(hub.state) === "Connected" &&
    appOutbox().getSnapshot().pending === 0;
  if (!direct || trip.id === null) {
    void toOutbox(taken);
    return;
  }
  unacknowledged.set(taken.recordedAt, taken);
  const ack = hub.connection.invoke(
    HUB_METHODS.sendGeolocationAt,
    trip.id,
    position.latitude,
    position.longitude,
    taken.recordedAt,
  );
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("timeout")), HUB_ACK_MS),
  );
  Promise.race([ack, timeout]).then(
    () => unacknowledged.delete(taken.recordedAt),
    () => {
      if (unacknowledged.delete(taken.recordedAt)) void toOutbox(taken);
    },
  );
}

/**
 * Before an End: the positions the hub has not acknowledged go into the outbox now, ahead of the End,
 * so the trip's trace (and km) holds every position taken before it.
 */
export async function handOverPositions(): Promise<void> {
  const pending = [...unacknowledged.values()];
  unacknowledged.clear();
  for (const taken of pending) await toOutbox(taken);
}
