import { type Calibration, SHIFT_NOT_FOUND_MESSAGE, type SupplierRate } from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { badRequest, notFound } from "../../lib/http-error.js";
import { driverClearance } from "../documents/driver-clearance-repository.js";
import { destinationExists } from "../routes/routes-repository.js";
import { rateOf } from "../suppliers/supplier-rate-columns.js";
import { loadCalibration } from "./load-calibration.js";
import {
  activeDrivers,
  activeRidersOf,
  type DriverRow,
  driversOfRoutes,
  findPlanningShift,
  type PlanningShift,
  type RiderRow,
  ridersOfRoutes,
  routesOfShift,
  type ShiftRoute,
  workplaces,
} from "./planning-repository.js";

export const DESTINATION_NOT_FOUND = "Destino no encontrado";
export const DESTINATION_WITHOUT_POINT = "El destino no tiene coordenadas: complételas para planificar";
export const NO_WORKPLACES = "No hay destinos con coordenadas para planificar";

type Conn = Db | Tx;
type Workplace = Awaited<ReturnType<typeof workplaces>>[number] & { latitude: number; longitude: number };

/** A rider of the branch office with their route on this shift to this workplace, or to another. */
export type SceneRider = RiderRow & {
  routeId: number | null;
  routeName: string | null;
  otherRouteName: string | null;
};
/**
 * An active driver with its supplier's rate, its cost per trip without a rate (the route it drives
 * on this shift to this workplace, else 0) and that route.
 */
export type SceneDriver = Omit<DriverRow, "supplierRate"> & {
  rate: SupplierRate;
  cost: number;
  routeId: number | null;
  routeName: string | null;
  /** Why the driver cannot start a trip today (an expired paper, decision 0078); null: may drive. */
  blockedReason: string | null;
};

/** Everything the planning of one shift to one workplace reads. */
export type PlanningScene = {
  shift: PlanningShift;
  workplaces: Workplace[];
  workplace: Workplace;
  /** The shift's active routes to this workplace. */
  routes: (ShiftRoute & { seatsUsed: number | null; driverIds: number[]; employeeIds: number[] })[];
  riders: SceneRider[];
  drivers: SceneDriver[];
  calibration: Calibration;
};

/**
 * The destination asked for, else the one most of the shift's routes go to, else the one most of its
 * branch office's routes go to (issue 33: never another branch office's when it has one), else the
 * first.
 */
function chooseWorkplace(list: Workplace[], destinationId: number | undefined) {
  if (destinationId !== undefined) return list.find((place) => place.id === destinationId);
  const busiest = (count: (place: Workplace) => number) => {
    const top = [...list].sort((a, b) => count(b) - count(a))[0];
    return top && count(top) > 0 ? top : undefined;
  };
  return busiest((place) => place.amountRoutes) ?? busiest((place) => place.branchOfficeRoutes) ?? list[0];
}

async function workplaceOrThrow(conn: Conn, shiftId: number, destinationId: number | undefined) {
  const list = (await workplaces(conn, shiftId)).filter(
    (place): place is Workplace => place.latitude !== null && place.longitude !== null,
  );
  const workplace = chooseWorkplace(list, destinationId);
  if (workplace) return { list, workplace };
  if (destinationId === undefined) throw notFound(NO_WORKPLACES);
  const exists = await destinationExists(conn, destinationId);
  throw exists
    ? badRequest(DESTINATION_WITHOUT_POINT, { destinationId: DESTINATION_WITHOUT_POINT })
    : notFound(DESTINATION_NOT_FOUND);
}

const groupBy = <T, K>(rows: readonly T[], key: (row: T) => K, value: (row: T) => number) => {
  const map = new Map<K, number[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), value(row)]);
  return map;
};

/**
 * Reads the shift (404 when missing; `lock` holds its row), the workplace, the shift's routes and
 * who rides and drives them, the branch office's riders, the active drivers (with the expired paper
 * that keeps one off the road today) and the calibration.
 */
export async function loadScene(
  conn: Conn,
  input: { shiftId: number; destinationId?: number; time: BranchOfficeTime; lock?: boolean },
): Promise<PlanningScene> {
  const shift = await findPlanningShift(conn, input.shiftId, { lock: input.lock });
  if (!shift) throw notFound(SHIFT_NOT_FOUND_MESSAGE);
  const { list, workplace } = await workplaceOrThrow(conn, shift.id, input.destinationId);
  const active = (await routesOfShift(conn, shift.id)).filter((route) => route.status === "active");
  const ids = active.map((route) => route.id);
  const reads = [
    () => ridersOfRoutes(conn, ids),
    () => driversOfRoutes(conn, ids),
    () => activeRidersOf(conn, shift.branchOfficeId),
    () => activeDrivers(conn),
    () => loadCalibration(conn, shift.branchOfficeId, input.time),
    () => driverClearance(conn, "all", input.time.serviceDay(Date.now())),
  ] as const;
  // Inside a transaction (`lock`) the reads share one client: one after the other (pg warns on overlap).
  const [riderRows, driverRows, riders, drivers, calibration, blocks] = input.lock
    ? [
        await reads[0](),
        await reads[1](),
        await reads[2](),
        await reads[3](),
        await reads[4](),
        await reads[5](),
      ]
    : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3](), reads[4](), reads[5]()]);
  const ridersByRoute = groupBy(
    riderRows,
    (row) => row.routeId,
    (row) => row.employeeId,
  );
  const driversByRoute = groupBy(
    driverRows,
    (row) => row.routeId,
    (row) => row.driverId,
  );
  const routes = active.map((route) => ({
    ...route,
    seatsUsed: route.seats ?? route.vehicleSeats,
    driverIds: driversByRoute.get(route.id) ?? [],
    employeeIds: ridersByRoute.get(route.id) ?? [],
  }));
  const here = routes.filter((route) => route.destinationId === workplace.id);
  const elsewhere = routes.filter((route) => route.destinationId !== workplace.id);
  const routeWith = (list: typeof routes, id: number, of: "employeeIds" | "driverIds") =>
    list.find((route) => route[of].includes(id));
  return {
    shift,
    workplaces: list,
    workplace,
    routes: here,
    riders: riders.map((rider) => {
      const mine = routeWith(here, rider.employeeId, "employeeIds");
      const other = mine ? undefined : routeWith(elsewhere, rider.employeeId, "employeeIds");
      return {
        ...rider,
        routeId: mine?.id ?? null,
        routeName: mine?.name ?? null,
        otherRouteName: other?.name ?? null,
      };
    }),
    drivers: drivers.map(({ supplierRate, ...driver }) => {
      const mine = routeWith(here, driver.driverId, "driverIds");
      return {
        ...driver,
        rate: rateOf(supplierRate),
        // Not the average of the shift's routes (issue 33): a new shift has none, so every route cost $0.
        cost: mine ? Number(mine.cost) : 0,
        routeId: mine?.id ?? null,
        routeName: mine?.name ?? null,
        blockedReason: blocks.get(driver.driverId)?.reason ?? null,
      };
    }),
    calibration,
  };
}
