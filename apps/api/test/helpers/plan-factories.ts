import { routeDrivers, routeEmployees, shiftDays, shifts } from "../../src/db/schema.js";
import { createBranchOffice, testDatabase, unique } from "./test-app.js";

/** A shift (of its own branch office unless given) with its days, inserted directly. */
export async function createShift(options: Partial<typeof shifts.$inferInsert> & { dayIds?: number[] } = {}) {
  const { db } = await testDatabase();
  const { dayIds = [1, 2, 3, 4, 5], ...values } = options;
  const branchOfficeId = values.branchOfficeId ?? (await createBranchOffice()).id;
  const [row] = await db
    .insert(shifts)
    .values({ name: unique("Turno "), direction: "inbound", time: "08:00", ...values, branchOfficeId })
    .returning();
  if (!row) throw new Error("no shift");
  if (dayIds.length > 0)
    await db.insert(shiftDays).values(dayIds.map((dayId) => ({ shiftId: row.id, dayId })));
  return row;
}

/** Puts collaborators on a route's roster (route_employees). */
export async function addRiders(routeId: number, employeeIds: number[]) {
  const { db } = await testDatabase();
  await db.insert(routeEmployees).values(employeeIds.map((employeeId) => ({ routeId, employeeId })));
}

/** Assigns drivers to a route (route_drivers). */
export async function addDrivers(routeId: number, driverIds: number[]) {
  const { db } = await testDatabase();
  await db.insert(routeDrivers).values(driverIds.map((driverId) => ({ routeId, driverId })));
}
