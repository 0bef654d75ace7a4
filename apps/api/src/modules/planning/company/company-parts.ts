import {
  COMPANY_SHIFT_OFFICE_MESSAGE,
  PLANNING_NO_SEATS_MESSAGE,
  SHIFT_NOT_FOUND_MESSAGE,
} from "@treiber/contract";
import type { Db } from "../../../db/client.js";
import type { BranchOfficeTime } from "../../../lib/branch-office-time.js";
import { badRequest, HttpError } from "../../../lib/http-error.js";
import { driverClearance } from "../../documents/driver-clearance-repository.js";
import {
  activeDrivers,
  activeRidersOf,
  findPlanningShift,
  type PlanningShift,
  ridersOfRoutes,
  routesOfShift,
  workplaces,
} from "../planning-repository.js";
import { loadScene } from "../planning-scene.js";

/** One proposal to make: a shift to a workplace for these riders. */
export type CompanyPart = {
  shift: PlanningShift;
  destinationId: number;
  destinationName: string;
  employeeIds: number[];
};

/** The shifts asked for, each of the branch office (400 naming the field otherwise). */
export async function companyShifts(db: Db, branchOfficeId: number, shiftIds: number[]) {
  const shifts: PlanningShift[] = [];
  for (const [index, id] of shiftIds.entries()) {
    const shift = await findPlanningShift(db, id);
    const field = `shiftIds.${index}`;
    if (!shift) throw badRequest(SHIFT_NOT_FOUND_MESSAGE, { [field]: SHIFT_NOT_FOUND_MESSAGE });
    if (shift.branchOfficeId !== branchOfficeId)
      throw badRequest(COMPANY_SHIFT_OFFICE_MESSAGE, { [field]: COMPANY_SHIFT_OFFICE_MESSAGE });
    shifts.push(shift);
  }
  return shifts;
}

/**
 * The pool: the drivers asked for (400 for one missing or inactive), else every active driver; only
 * those whose vehicle has seats (400 when none has), and not those an expired paper keeps off the
 * road on `blocked.today` (decision 0078: each said in `blocked.notes` with the reason).
 */
export async function companyDrivers(
  db: Db,
  driverIds: number[] | undefined,
  max: number,
  blocked?: { today: string; notes: string[] },
) {
  const active = await activeDrivers(db);
  const blocks = blocked ? await driverClearance(db, "all", blocked.today) : new Map();
  const byId = new Map(active.map((driver) => [driver.driverId, driver]));
  const chosen = (driverIds ?? active.map((driver) => driver.driverId)).map((id, index) => {
    const driver = byId.get(id);
    if (driver) return driver;
    const message = `El chofer ${id} no existe o está inactivo`;
    throw badRequest(message, { [`driverIds.${index}`]: message });
  });
  const kept = chosen.flatMap((driver) => {
    const block = blocks.get(driver.driverId);
    return block ? [`${driver.name} ${driver.lastname} (${block.reason})`] : [];
  });
  if (kept.length > 0) {
    // The whole company may have hundreds: name a few.
    const more = kept.length > 5 ? ` y ${kept.length - 5} más` : "";
    blocked?.notes.push(
      `Choferes con papeles vencidos, fuera del plan: ${kept.slice(0, 5).join(", ")}${more}`,
    );
  }
  const seated = chosen
    .filter((driver) => (driver.seats ?? 0) >= 1 && !blocks.has(driver.driverId))
    .slice(0, max);
  if (seated.length === 0)
    throw badRequest(PLANNING_NO_SEATS_MESSAGE, { driverIds: PLANNING_NO_SEATS_MESSAGE });
  return seated;
}

/**
 * A shift without riders on routes: the workplace Planificación would choose and every rider of
 * the branch office (none rides this shift elsewhere); none when there is no workplace to plan to.
 */
async function newShiftPart(db: Db, shift: PlanningShift, time: BranchOfficeTime, notes: string[]) {
  try {
    const scene = await loadScene(db, { shiftId: shift.id, time });
    const employeeIds = scene.riders.map((rider) => rider.employeeId);
    if (employeeIds.length === 0) {
      notes.push(`${shift.name}: la sucursal no tiene colaboradores activos para planificar`);
      return [];
    }
    const { id, name } = scene.workplace;
    return [{ shift, destinationId: id, destinationName: name, employeeIds }];
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
    notes.push(`${shift.name}: ${error.message}`);
    return [];
  }
}

/**
 * The proposals of one shift: one per workplace its active routes take riders to (those riders);
 * a shift without riders on routes gets one (newShiftPart). Routes to a destination without
 * coordinates cannot be planned: said in `notes`.
 */
export async function partsOfShift(
  db: Db,
  shift: PlanningShift,
  time: BranchOfficeTime,
  notes: string[],
): Promise<CompanyPart[]> {
  const routes = (await routesOfShift(db, shift.id)).filter((route) => route.status === "active");
  // Only the branch office's active collaborators are planned (proposeForShift refuses others).
  const active = new Set((await activeRidersOf(db, shift.branchOfficeId)).map((rider) => rider.employeeId));
  const onRoutes = await ridersOfRoutes(
    db,
    routes.map((route) => route.id),
  );
  const riders = onRoutes.filter((row) => active.has(row.employeeId));
  const left = new Set(onRoutes.filter((row) => !active.has(row.employeeId)).map((row) => row.employeeId));
  if (left.size > 0)
    notes.push(
      `${shift.name}: ${left.size} colaboradores de sus rutas no están activos en la sucursal; no se planificaron`,
    );
  const places = new Map((await workplaces(db, shift.id)).map((place) => [place.id, place]));
  const destinationOf = new Map(routes.map((route) => [route.id, route.destinationId]));
  const byDestination = new Map<number, Set<number>>();
  for (const row of riders) {
    const destinationId = destinationOf.get(row.routeId) as number;
    byDestination.set(destinationId, (byDestination.get(destinationId) ?? new Set()).add(row.employeeId));
  }
  if (byDestination.size === 0) return newShiftPart(db, shift, time, notes);
  const parts: CompanyPart[] = [];
  const seen = new Set<number>();
  for (const [destinationId, employeeIds] of [...byDestination].sort((a, b) => a[0] - b[0])) {
    const place = places.get(destinationId);
    if (!place) {
      notes.push(
        `${shift.name}: ${employeeIds.size} colaboradores van a un destino sin coordenadas; no se planificaron`,
      );
      continue;
    }
    // A rider on two routes of the shift is planned once, to the first workplace.
    const fresh = [...employeeIds].filter((id) => !seen.has(id));
    for (const id of fresh) seen.add(id);
    if (fresh.length > 0)
      parts.push({ shift, destinationId, destinationName: place.name, employeeIds: fresh });
  }
  return parts;
}
