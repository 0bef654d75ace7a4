import { type PlanningContext, type PlanRoute, planFigures } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { stopsOfRoutes } from "../route-stops/route-stops-repository.js";
import { daysOfShifts } from "../shifts/shifts-repository.js";
import { planParams, travelModelView } from "./load-calibration.js";
import { planVersion } from "./plan-version.js";
import { loadScene, type PlanningScene } from "./planning-scene.js";

const fullName = (person: { name: string; lastname: string }) => `${person.name} ${person.lastname}`;

/** The shift's active routes to the workplace as plan routes: stored stops, seats, first driver. */
async function currentRoutes(db: Db, scene: PlanningScene): Promise<PlanRoute[]> {
  const stops = await stopsOfRoutes(
    db,
    scene.routes.map((route) => route.id),
  );
  const driverById = new Map(scene.drivers.map((driver) => [driver.driverId, driver]));
  return scene.routes.map((route) => {
    const driver = route.driverIds.map((id) => driverById.get(id)).find((found) => found !== undefined);
    return {
      key: `route-${route.id}`,
      routeId: route.id,
      name: route.name,
      driverId: driver?.driverId ?? null,
      driverName: driver ? fullName(driver) : null,
      supplierName: driver?.supplierName ?? null,
      vehiclePlate: driver?.vehiclePlate ?? null,
      seats: route.seatsUsed,
      cost: Number(route.cost),
      stops: stops
        .filter((stop) => stop.routeId === route.id)
        .map((stop) => ({
          key: `stop-${stop.id}`,
          name: stop.name,
          address: stop.address,
          latitude: stop.latitude,
          longitude: stop.longitude,
          plannedTime: stop.plannedTime,
          employeeIds: stop.employeeIds,
        })),
    };
  });
}

/**
 * `GET Planning/context`: the shift, the workplaces, the branch office's riders, the active
 * drivers, the travel model (the shift's override, else calibrated with enough of the branch
 * office's own trips, else the defaults) and where it comes from, the current routes with
 * their figures, and the version to send back on apply.
 */
export async function planningContext(
  db: Db,
  query: { shiftId: number; destinationId?: number },
  time: BranchOfficeTime,
): Promise<PlanningContext> {
  const scene = await loadScene(db, { ...query, time });
  const { shift, workplace } = scene;
  const params = planParams(shift, workplace, scene.calibration);
  const [days, routes, version] = await Promise.all([
    daysOfShifts(db, [shift.id]),
    currentRoutes(db, scene),
    planVersion(db, shift, workplace.id),
  ]);
  return {
    shift: {
      id: shift.id,
      name: shift.name,
      direction: shift.direction,
      time: shift.time,
      days: days.get(shift.id) ?? [],
      branchOfficeId: shift.branchOfficeId,
      branchOfficeName: shift.branchOfficeName,
    },
    destinationId: workplace.id,
    destinations: scene.workplaces,
    riders: scene.riders.map(({ userId: _userId, ...rider }) => rider),
    drivers: scene.drivers.map(({ routeName: _routeName, ...driver }) => driver),
    calibration: scene.calibration,
    travelModel: travelModelView(shift, scene.calibration),
    params,
    current: { routes, figures: planFigures(routes, params) },
    version,
  };
}
