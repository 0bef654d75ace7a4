import { randomBytes } from "node:crypto";
import {
  HUB_EVENTS,
  SAFE_ARRIVAL_QUESTION,
  type SafeArrivalCheck,
  type SafeArrivalPush,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { createJobTicker } from "../../lib/job-ticker.js";
import { sha256Hex } from "../../lib/sha256-hex.js";
import type { RealtimeBus } from "../../realtime/realtime-bus.js";
import type { IncidentAnnouncer } from "../incidents/incident-announcer.js";
import type { PushSender } from "../push/push-sender.js";
import { type CheckRow, dueAsks, dueEscalations, escalate, markAsked } from "./safe-arrival-repository.js";

/** How often the sweep looks for questions and escalations due (decision 0082). */
export const SAFE_ARRIVAL_SWEEP_MS = 30_000;

export type SafeArrivalSweepResult = { asked: number; escalated: number };

/** A check as the rider's app shows it (`GET SafeArrival/pending`, the hub's ReceiveSafeArrivalCheck). */
export const toSafeArrivalCheck = (row: CheckRow): SafeArrivalCheck => ({
  id: row.id,
  intermediateRouteId: row.intermediateRouteId,
  routeName: row.routeName,
  stopName: row.stopName,
  droppedAt: row.droppedAt.toISOString(),
  askAt: row.askAt.toISOString(),
  escalateAt: row.escalateAt.toISOString(),
});

/**
 * The safe-arrival sweep (issue 38, decision 0082), every 30 s: the questions due go out once
 * (a conditional update marks the check asked with the SHA-256 of a fresh one-time token; only the
 * instance whose update won sends the Web Push with the token and the hub's ReceiveSafeArrivalCheck
 * to the rider), then the checks still unanswered a wait after they were asked open a
 * SAFE_ARRIVAL_UNCONFIRMED incident, once (`escalate`), announced with ReceiveIncident. `now` is
 * injectable (tests run `run(now)` by hand).
 */
export function createSafeArrivalSweep(deps: {
  db: Db;
  realtime: RealtimeBus;
  push: PushSender;
  announce: IncidentAnnouncer;
  now: () => number;
  onError: (error: unknown) => void;
  tickMs?: number;
}) {
  const { db, realtime, push, announce } = deps;

  async function ask(row: CheckRow, now: number): Promise<boolean> {
    const token = randomBytes(32).toString("base64url");
    if (!(await markAsked(db, row.id, sha256Hex(token), now))) return false;
    if (row.userId === null) return true;
    const at = new Date(now).toISOString();
    const payload: SafeArrivalPush = {
      kind: "SAFE_ARRIVAL",
      checkId: row.id,
      token,
      title: SAFE_ARRIVAL_QUESTION,
      message: row.stopName
        ? `Lo dejamos en ${row.stopName} (${row.routeName}). Toque «Sí» si llegó bien.`
        : `Viaje ${row.routeName}. Toque «Sí» si llegó bien.`,
      at,
    };
    await Promise.all([
      realtime
        .publish({
          audience: { kind: "user", userId: row.userId },
          target: HUB_EVENTS.receiveSafeArrivalCheck,
          args: [toSafeArrivalCheck(row)],
        })
        .catch(deps.onError),
      push.sendSafety(row.userId, payload),
    ]);
    return true;
  }

  async function run(now = deps.now()): Promise<SafeArrivalSweepResult> {
    const result: SafeArrivalSweepResult = { asked: 0, escalated: 0 };
    for (const row of await dueAsks(db, now)) if (await ask(row, now)) result.asked++;
    const opened: number[] = [];
    for (const row of await dueEscalations(db, now)) {
      const id = await escalate(db, row, now);
      if (id !== undefined) opened.push(id);
    }
    result.escalated = opened.length;
    await announce(opened);
    return result;
  }

  const ticker = createJobTicker({
    tickMs: deps.tickMs ?? SAFE_ARRIVAL_SWEEP_MS,
    run: () => run(),
    onError: deps.onError,
  });

  return { run, start: ticker.start, stop: ticker.stop };
}
export type SafeArrivalSweep = ReturnType<typeof createSafeArrivalSweep>;
