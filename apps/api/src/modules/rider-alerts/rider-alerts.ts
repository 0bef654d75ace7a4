import { HUB_EVENTS, type RiderAlert, type RiderAlertKind, riderAlertText } from "@treiber/contract";
import { riderAlertsDue } from "@treiber/incidents";
import type { Db } from "../../db/client.js";
import type { RealtimeBus } from "../../realtime/realtime-bus.js";
import type { TripWatchListener, TripWatchUpdate } from "../incidents/trip-watch.js";
import type { PushSender } from "../push/push-sender.js";
import { createRiderAlertRepository, type RiderAlertRow } from "./rider-alert-repository.js";

type Log = { error(object: object, message: string): void };

/** What one instance remembers of a watched trip: what was told, and who the riders' users are. */
type TripMemory = {
  sent: Set<string>;
  userOf: Map<number, number>;
  /** Riders who cancelled during the trip: told nothing more. */
  cancelled: Set<number>;
  /** The bus's newest position (by its own time) this instance has seen: what the ETA starts from. */
  bus: { latitude: number; longitude: number; at: number } | null;
  lastSeen: number;
  /** Updates of one trip run one after another. */
  queue: Promise<void>;
};

const IDLE_TRIP_MS = 12 * 3_600_000;

const keyOf = (employeeId: number, kind: string) => `${employeeId}:${kind}`;

/** Remembers what the update tells: a rider who cancelled, the bus's newest position. */
function remember(memory: TripMemory, event: TripWatchUpdate["event"]) {
  if (event.kind === "cancellation") memory.cancelled.add(event.riderId);
  if (event.kind === "position" && (!memory.bus || event.at >= memory.bus.at)) {
    memory.bus = { latitude: event.latitude, longitude: event.longitude, at: event.at };
  }
}

/** The alerts due after the update, none told before nor to a rider who cancelled. */
function dueAlerts(memory: TripMemory, update: TripWatchUpdate) {
  return riderAlertsDue({ ...update, bus: memory.bus }, (employeeId, kind) =>
    memory.sent.has(keyOf(employeeId, kind)),
  ).filter((alert) => !memory.cancelled.has(alert.employeeId));
}

/** A written rider_alerts row as the rider's alert. */
function alertOf(
  row: Pick<RiderAlertRow, "kind" | "minutes">,
  trip: TripWatchUpdate["trip"],
  at: string,
): RiderAlert {
  const kind = row.kind as RiderAlertKind;
  return {
    kind,
    intermediateRouteId: trip.intermediateRouteId,
    routeName: trip.routeName,
    minutes: row.minutes,
    text: riderAlertText(kind, row.minutes),
    at,
  };
}

/** Tells the rider's user: the hub's `ReceiveRiderAlert` (a lost one is let go) and Web Push. */
async function tell(realtime: RealtimeBus, push: PushSender, userId: number, alert: RiderAlert) {
  await Promise.all([
    realtime
      .publish({ audience: { kind: "user", userId }, target: HUB_EVENTS.receiveRiderAlert, args: [alert] })
      .catch(() => undefined),
    push.sendRiderAlert(userId, alert),
  ]);
}

/**
 * Treiber App's rider alerts (issue 25 point 4) as a trip-watch listener: after each update of a
 * trip, the alerts due (`riderAlertsDue`, timed from the bus's newest position through the stops
 * still ahead, as «Mi bus» times it) are recorded in rider_alerts (insert … on conflict do
 * nothing returning), and each row this instance wrote is sent to the rider's user by Web Push
 * and as the hub's `ReceiveRiderAlert`. Several instances, a restart or the same update twice never
 * tell a rider the same thing twice on one trip. Per trip it reads the database once (what was
 * told, employee → user) and then only writes when something is due. A rider who cancels during
 * the trip is told nothing more (this instance remembers it). Never throws.
 */
export function createRiderAlerts(options: { db: Db; realtime: RealtimeBus; push: PushSender; log: Log }) {
  const { realtime, push, log } = options;
  const repository = createRiderAlertRepository(options.db);
  const trips = new Map<number, TripMemory>();

  async function load(trip: TripWatchUpdate["trip"]): Promise<TripMemory> {
    const riders = [...new Set(trip.stops.flatMap((stop) => stop.employeeIds))];
    const [sent, userOf] = await Promise.all([
      repository.sentOn(trip.intermediateRouteId),
      repository.activeUserIdsOf(riders),
    ]);
    return {
      sent: new Set(sent.map((row) => keyOf(row.employeeId, row.kind))),
      userOf,
      cancelled: new Set(),
      bus: null,
      lastSeen: Date.now(),
      queue: Promise.resolve(),
    };
  }

  async function handle(memory: TripMemory, update: TripWatchUpdate) {
    const { trip } = update;
    remember(memory, update.event);
    const due = dueAlerts(memory, update);
    if (due.length === 0) return;
    const written = await repository.record(
      trip.intermediateRouteId,
      due.map(({ employeeId, kind, minutes }) => ({ employeeId, kind, minutes })),
    );
    for (const alert of due) memory.sent.add(keyOf(alert.employeeId, alert.kind));
    const at = new Date(update.now).toISOString();
    await Promise.all(
      written.map(async (row) => {
        const userId = memory.userOf.get(row.employeeId);
        if (userId !== undefined) await tell(realtime, push, userId, alertOf(row, trip, at));
      }),
    );
  }

  /** A trip whose end never came (a crash, a lost event) is forgotten after a quiet half day. */
  function forgetIdle() {
    const before = Date.now() - IDLE_TRIP_MS;
    for (const [id, memory] of trips) if (memory.lastSeen < before) trips.delete(id);
  }

  const listener: TripWatchListener = async (update) => {
    const id = update.trip.intermediateRouteId;
    let memory = trips.get(id);
    try {
      if (!memory) {
        if (update.snapshot.ended) return;
        forgetIdle();
        memory = await load(update.trip);
        // Another update of the trip may have loaded it meanwhile: keep the first.
        memory = trips.get(id) ?? memory;
        trips.set(id, memory);
      }
      const current = memory;
      current.lastSeen = Date.now();
      const run = current.queue.then(() => handle(current, update));
      current.queue = run.catch(() => undefined);
      await run;
    } catch (error) {
      log.error({ err: error, intermediateRouteId: id }, "no se pudieron enviar los avisos a los pasajeros");
    } finally {
      if (update.snapshot.ended) trips.delete(id);
    }
  };

  return { listener };
}
