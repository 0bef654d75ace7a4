import {
  NOT_ASSIGNED_MESSAGE,
  OTHER_SUPPLIER_MESSAGE,
  ROUTE_INACTIVE_MESSAGE,
  ROUTE_NOT_SCHEDULED_ALREADY_RAN_MESSAGE,
  START_TOO_EARLY_MESSAGE,
  type StartTripRequest,
} from "@treiber/contract";
import type { Tx } from "../../db/client.js";
import { deviceTime } from "../../lib/device-time.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import {
  findRouteForStart,
  findRouteNotScheduledForStart,
  lastEndOfDriver,
  routeDriverAssignment,
  routeNotScheduledRan,
} from "./trip-lifecycle-repository.js";

/** How far back a Start queued offline may begin (a phone that stayed offline for a whole shift). */
const OFFLINE_START_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/**
 * The device time of a Start queued offline: not after the server's now, not before the driver's
 * last End nor 12 hours ago (2 minutes of tolerance each way, like every device time, decision 0017).
 */
export async function offlineStartTime(tx: Tx, driverId: number, startedAt: string) {
  const lastEnd = await lastEndOfDriver(tx, driverId);
  const floor = Date.now() - OFFLINE_START_MAX_AGE_MS;
  const notBefore = new Date(Math.max(floor, lastEnd?.getTime() ?? floor));
  return deviceTime(startedAt, { field: "startedAt", notBefore, beforeMessage: START_TOO_EARLY_MESSAGE });
}

/** Which route the driver starts, with the checks of the spec: exists, active, assigned, same supplier. */
export async function startTarget(
  tx: Tx,
  body: StartTripRequest,
  driver: { id: number; supplierId: number },
) {
  if (body.routeId !== undefined) {
    const route = await findRouteForStart(tx, body.routeId);
    if (!route) throw notFound("Ruta no encontrada");
    const assignment = await routeDriverAssignment(tx, route.id, driver.id);
    if (!assignment.assigned) {
      const otherSupplier = assignment.supplierIds.size > 0 && !assignment.supplierIds.has(driver.supplierId);
      throw forbidden(otherSupplier ? OTHER_SUPPLIER_MESSAGE : NOT_ASSIGNED_MESSAGE);
    }
    if (route.status !== "active") throw conflict(ROUTE_INACTIVE_MESSAGE);
    return { routeId: route.id, routeNotScheduledId: null, cost: route.cost };
  }
  const route = await findRouteNotScheduledForStart(tx, body.routeNotScheduledId ?? 0);
  if (!route) throw notFound("Ruta no programada no encontrada");
  if (route.driverId !== driver.id) {
    throw forbidden(route.supplierId !== driver.supplierId ? OTHER_SUPPLIER_MESSAGE : NOT_ASSIGNED_MESSAGE);
  }
  if (route.status !== "active") throw conflict(ROUTE_INACTIVE_MESSAGE);
  // A one-off route runs once (issue 11): started again it would be billed twice.
  if (await routeNotScheduledRan(tx, route.id)) throw conflict(ROUTE_NOT_SCHEDULED_ALREADY_RAN_MESSAGE);
  return { routeId: null, routeNotScheduledId: route.id, cost: route.cost };
}
