import { createHash } from "node:crypto";
import type { Db, Tx } from "../../db/client.js";
import { planVersion } from "../planning/plan-version.js";
import type { PlanningShift } from "../planning/planning-repository.js";
import { bookingFacts, findDayPlan } from "./day-plans-repository.js";

/**
 * The version of one date of a shift to one workplace: the standing routes' version (plan-version),
 * the date's booking rows on those routes (how many and the last change) and the day plan applied
 * (if any). A booking, a route or another apply changes it: Planning/day/apply answers 409.
 */
export async function dayPlanVersion(
  conn: Db | Tx,
  shift: Pick<PlanningShift, "id" | "updatedAt">,
  destinationId: number,
  routeIds: number[],
  date: string,
): Promise<string> {
  // One after another: inside a transaction they share one connection.
  const routes = await planVersion(conn, shift, destinationId);
  const bookings = await bookingFacts(conn, routeIds, date);
  const applied = await findDayPlan(conn, shift.id, destinationId, date);
  const text = JSON.stringify([
    routes,
    date,
    bookings,
    applied ? [applied.id, applied.appliedAt.toISOString()] : null,
  ]);
  return createHash("sha256").update(text).digest("base64url").slice(0, 32);
}
