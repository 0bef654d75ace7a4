import type { DayPlanQuery, DayPlanResponse, PlanRoute } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { loadScene } from "../planning/planning-scene.js";
import { dayPlanContent, findDayPlan } from "./day-plans-repository.js";

/** `GET Planning/day`: the day plan applied for the date, or null (the standing plan runs). */
export async function readDayPlan(
  db: Db,
  time: BranchOfficeTime,
  query: DayPlanQuery,
): Promise<DayPlanResponse> {
  const scene = await loadScene(db, { shiftId: query.shiftId, destinationId: query.destinationId, time });
  const plan = await findDayPlan(db, scene.shift.id, scene.workplace.id, query.date);
  if (!plan) return { dayPlan: null };
  const content = await dayPlanContent(db, [plan.id]);
  const routes = new Map(scene.routes.map((route) => [route.id, route]));
  const drivers = new Map(scene.drivers.map((driver) => [driver.driverId, driver]));
  const running = content.routes.filter((row) => row.runs);
  return {
    dayPlan: {
      id: plan.id,
      date: query.date,
      source: plan.source,
      appliedAt: plan.appliedAt.toISOString(),
      appliedBy: plan.appliedBy,
      routes: running.map((row): PlanRoute => {
        const route = routes.get(row.routeId);
        const driver = route?.driverIds.map((id) => drivers.get(id)).find(Boolean);
        return {
          key: `route-${row.routeId}`,
          routeId: row.routeId,
          name: route?.name ?? "",
          driverId: driver?.driverId ?? null,
          driverName: driver ? `${driver.name} ${driver.lastname}` : null,
          supplierName: driver?.supplierName ?? null,
          vehiclePlate: driver?.vehiclePlate ?? null,
          seats: route?.seatsUsed ?? driver?.seats ?? null,
          cost: Number(route?.cost ?? 0),
          stops: content.stops
            .filter((stop) => stop.routeId === row.routeId)
            .map((stop) => ({ ...stop, key: `stop-${stop.routeId}-${stop.position}` })),
        };
      }),
      released: content.routes
        .filter((row) => !row.runs)
        .map((row) => ({ routeId: row.routeId, name: routes.get(row.routeId)?.name ?? "" })),
      standing: plan.standing,
      day: plan.day,
    },
  };
}
