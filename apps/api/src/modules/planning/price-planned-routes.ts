import { planRouteCost, rateCost, type SupplierRate } from "@treiber/contract";
import type { Tx } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { stopsOfRoutes } from "../route-stops/route-stops-repository.js";
import { hhmm } from "../routes/routes-repository.js";
import { loadCalibration, planParams } from "./load-calibration.js";
import {
  setRouteCosts,
  type UnpricedPlannedRoute,
  unpricedPlannedRoutes,
} from "./planned-route-prices-repository.js";

/**
 * Per km: the route's km under its shift's travel model, as Planificación priced it when it
 * applied the plan (`planRouteCost`: its stored stops to or from its workplace). Null without the
 * workplace's point.
 */
async function kmCosts(
  tx: Tx,
  candidates: UnpricedPlannedRoute[],
  rate: SupplierRate,
  time: BranchOfficeTime,
) {
  const stops = await stopsOfRoutes(
    tx,
    candidates.map((route) => route.id),
  );
  const calibrations = new Map<number, Awaited<ReturnType<typeof loadCalibration>>>();
  const costs = new Map<number, number | null>();
  for (const route of candidates) {
    if (route.workplaceLatitude === null || route.workplaceLongitude === null) continue;
    const calibration =
      calibrations.get(route.branchOfficeId) ?? (await loadCalibration(tx, route.branchOfficeId, time));
    calibrations.set(route.branchOfficeId, calibration);
    const params = planParams(
      { ...route, direction: route.direction as "inbound" | "outbound", time: hhmm(route.time) ?? "00:00" },
      { latitude: route.workplaceLatitude, longitude: route.workplaceLongitude },
      calibration,
    );
    const own = stops.filter((stop) => stop.routeId === route.id);
    costs.set(route.id, planRouteCost({ stops: own }, { seats: route.seats, rate, cost: 0 }, params));
  }
  return costs;
}

/**
 * Prices, inside the caller's transaction, the planned routes of the supplier's drivers that cost
 * $0 (`unpricedPlannedRoutes`) with `rate`: the cost per trip Planificación would have written had
 * the rate existed (per trip, per km of the route, or for the type of its driver's vehicle). A
 * route the rate does not price (a vehicle type without amount, a workplace without a point) keeps
 * its $0. Trips already started keep the cost they froze. Answers how many routes it priced.
 */
export async function pricePlannedRoutes(
  tx: Tx,
  supplierId: number,
  rate: SupplierRate,
  time: BranchOfficeTime,
): Promise<number> {
  if (rate.rateType === null) return 0;
  const candidates = await unpricedPlannedRoutes(tx, supplierId);
  if (candidates.length === 0) return 0;
  const perKm = rate.rateType === "km" ? await kmCosts(tx, candidates, rate, time) : null;
  const priced = new Map<number, number[]>();
  for (const route of candidates) {
    const cost = perKm ? (perKm.get(route.id) ?? null) : rateCost(rate, { km: 0, seats: route.seats });
    if (cost === null || !(cost > 0)) continue;
    priced.set(cost, [...(priced.get(cost) ?? []), route.id]);
  }
  const now = new Date();
  for (const [cost, ids] of priced) await setRouteCosts(tx, ids, cost, now);
  return [...priced.values()].reduce((sum, ids) => sum + ids.length, 0);
}
