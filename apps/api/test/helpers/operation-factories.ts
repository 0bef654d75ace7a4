import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  drivers,
  employees,
  intermediateRoutes,
  routeDrivers,
  routeEmployees,
  routeNotScheduledEmployees,
  routesNotScheduled,
  suppliers,
  transportServices,
  users,
} from "../../src/db/schema.js";
import type { RealtimeEvent } from "../../src/realtime/realtime-bus.js";
import { createRoute } from "./route-factories.js";
import { createSupplier, createUser, type SignedIn, signIn, testDatabase, unique } from "./test-app.js";

/** A signed-in driver (its own supplier unless given) with its driver row. */
export async function signedInDriver(
  app: FastifyInstance,
  options: { supplierId?: number; name?: string; lastname?: string } = {},
) {
  const { db } = await testDatabase();
  const user = await createUser({ role: "Driver" });
  const [driver] = await db
    .update(drivers)
    .set({
      name: options.name ?? "Juan",
      lastname: options.lastname ?? "Pérez",
      ...(options.supplierId && { supplierId: options.supplierId }),
    })
    .where(eq(drivers.userId, user.id))
    .returning();
  if (!driver) throw new Error("no driver");
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, driver.supplierId));
  if (!supplier) throw new Error("no supplier");
  return { user, driver, supplier, session: await signIn(app, user.email) };
}

/** A signed-in collaborator with its employee row (QR code in `employee.codeQr`). */
export async function signedInCollaborator(
  app: FastifyInstance,
  options: { name?: string; lastname?: string; status?: "active" | "inactive" } = {},
) {
  const { db } = await testDatabase();
  const user = await createUser({ role: "Collaborator" });
  const [employee] = await db
    .update(employees)
    .set({ name: options.name ?? "Ana", lastname: options.lastname ?? "Féliz", codeQr: unique("QR-") })
    .where(eq(employees.userId, user.id))
    .returning();
  if (!employee) throw new Error("no employee");
  const session: SignedIn = await signIn(app, user.email);
  if (options.status === "inactive") {
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
  }
  return { user, employee, session };
}

/** A route (active unless told) with the given drivers and collaborators assigned. */
export async function routeWith(
  options: {
    driverIds?: number[];
    employeeIds?: number[];
    status?: "active" | "inactive";
    cost?: string;
    name?: string;
    dayIds?: number[];
    departureTime?: string;
  } = {},
) {
  const { db } = await testDatabase();
  const route = await createRoute({
    status: options.status ?? "active",
    cost: options.cost ?? "30.00",
    ...(options.name && { name: options.name }),
    ...(options.dayIds && { dayIds: options.dayIds }),
    ...(options.departureTime && { departureTime: options.departureTime }),
  });
  for (const driverId of options.driverIds ?? []) {
    await db.insert(routeDrivers).values({ routeId: route.id, driverId });
  }
  for (const employeeId of options.employeeIds ?? []) {
    await db.insert(routeEmployees).values({ routeId: route.id, employeeId });
  }
  return route;
}

/** A not-scheduled route of a driver, with riders. */
export async function routeNotScheduledOf(
  driverId: number,
  options: { employeeIds?: number[]; status?: "active" | "inactive"; scheduledAt?: Date } = {},
) {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(routesNotScheduled)
    .values({
      name: unique("Especial "),
      scheduledAt: options.scheduledAt ?? new Date(),
      driverId,
      cost: "75.00",
      status: options.status ?? "active",
    })
    .returning();
  if (!row) throw new Error("no route not scheduled");
  for (const employeeId of options.employeeIds ?? []) {
    await db.insert(routeNotScheduledEmployees).values({ routeNotScheduledId: row.id, employeeId });
  }
  return row;
}

/** A trip inserted directly (history fixtures): finished unless `endedAt` is null. */
export async function insertTrip(values: {
  driverId: number;
  supplierId: number;
  routeId: number;
  startedAt: Date;
  endedAt?: Date | null;
  cost?: string;
}) {
  const { db } = await testDatabase();
  const endedAt =
    values.endedAt === undefined ? new Date(values.startedAt.getTime() + 3_600_000) : values.endedAt;
  const [row] = await db
    .insert(intermediateRoutes)
    .values({
      driverId: values.driverId,
      supplierId: values.supplierId,
      routeId: values.routeId,
      startedAt: values.startedAt,
      endedAt,
      status: endedAt ? "Finished" : "InProgress",
      cost: values.cost ?? "30.00",
    })
    .returning();
  if (!row) throw new Error("no trip");
  return row;
}

export async function servicesOfTrip(intermediateRouteId: number) {
  const { db } = await testDatabase();
  return db
    .select()
    .from(transportServices)
    .where(eq(transportServices.intermediateRouteId, intermediateRouteId));
}

/** Records every event published on `app.realtime` until `stop()`. */
export function recordRealtime(app: FastifyInstance) {
  const events: RealtimeEvent[] = [];
  const stop = app.realtime.subscribe((event) => events.push(event));
  return { events, stop };
}

export { createSupplier };
