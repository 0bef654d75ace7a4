import type { SeededRandom } from "@treiber/contract/seeded-random";
import type { Tx } from "../db/client.js";
import { comments, transportServices } from "../db/schema.js";
import { MINUTE } from "./demo-clock.js";
import { CANCEL_REASONS, TRIP_COMMENTS } from "./demo-comments.js";
import type { ServicePlan } from "./demo-plans.js";
import type { DemoIds } from "./insert-demo-catalogue.js";
import { insertMany } from "./insert-many.js";
import { at, must } from "./must.js";
import type { DemoTrips } from "./plan-demo-trips.js";

export type DemoBoardings = Awaited<ReturnType<typeof insertDemoBoardings>>;

/**
 * Inserts the boardings and cancellations of every trip's riders, and 20 comments spread over the
 * finished trips.
 */
export async function insertDemoBoardings(
  tx: Tx,
  deps: { rng: SeededRandom; nowMs: number; ids: DemoIds; plan: DemoTrips; tripId: (t: number) => number },
) {
  const { rng, nowMs, tripId } = deps;
  const { employeeId } = deps.ids;
  const { trips } = deps.plan;

  // --- Boardings and cancellations ------------------------------------------------------------
  const services: ServicePlan[] = [];
  trips.forEach((trip, t) => {
    const startMs = trip.start.getTime();
    const lastScanMs = trip.end ? startMs + (trip.end.getTime() - startMs) * 0.6 : nowMs - MINUTE;
    for (const employee of trip.riders) {
      const roll = rng.next();
      if (trip.end && roll < 0.05) {
        services.push({
          trip: t,
          employee,
          status: "Canceled",
          at: new Date(startMs - rng.int(30, 14 * 60) * MINUTE),
          comment: rng.pick(CANCEL_REASONS),
        });
      } else if (roll < 0.93) {
        const scanMs =
          startMs + rng.int(2, Math.max(3, Math.floor((lastScanMs - startMs) / MINUTE))) * MINUTE;
        if (scanMs > lastScanMs) continue; // live trip: not picked up yet
        services.push({ trip: t, employee, status: "Boarded", at: new Date(scanMs), comment: null });
      }
      // else: did not show up and did not cancel (no record).
    }
  });
  await insertMany(
    tx,
    transportServices,
    services.map((s) => ({
      intermediateRouteId: tripId(s.trip),
      employeeId: employeeId(s.employee),
      status: s.status,
      scannedAt: s.status === "Boarded" ? s.at : null,
      canceledAt: s.status === "Canceled" ? s.at : null,
      comment: s.comment,
      createdAt: s.at,
    })),
  );

  // --- Comments -------------------------------------------------------------------------------
  const boardedFinished = services.filter((s) => s.status === "Boarded" && at(trips, s.trip).end !== null);
  const commentPlans: { trip: number; employee: number; text: string; at: Date }[] = [];
  const COMMENT_COUNT = 20;
  for (let i = 0; i < COMMENT_COUNT && boardedFinished.length > 0; i++) {
    const slot = boardedFinished.length / COMMENT_COUNT;
    const service = at(
      boardedFinished,
      Math.min(boardedFinished.length - 1, Math.floor(i * slot + rng.next() * slot)),
    );
    const end = must(at(trips, service.trip).end ?? undefined, "trip end");
    commentPlans.push({
      trip: service.trip,
      employee: service.employee,
      text: rng.pick(TRIP_COMMENTS),
      at: new Date(Math.min(end.getTime() + rng.int(5, 180) * MINUTE, nowMs - MINUTE)),
    });
  }
  await insertMany(
    tx,
    comments,
    commentPlans.map((c) => ({
      intermediateRouteId: tripId(c.trip),
      employeeId: employeeId(c.employee),
      text: c.text,
      createdAt: c.at,
    })),
  );

  return { services, commentPlans };
}
