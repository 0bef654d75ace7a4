import { eq } from "drizzle-orm";
import { destinations, drivers, employees, routeDays, routes } from "../../src/db/schema.js";
import { createUser, testDatabase, unique } from "./test-app.js";

export async function createDestination(values: Partial<typeof destinations.$inferInsert> = {}) {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(destinations)
    .values({ name: unique("Destino "), address: "Zona Franca Las Américas", ...values })
    .returning();
  if (!row) throw new Error("no destination");
  return row;
}

/** A route (with its own destination unless given) and its days, inserted directly. */
export async function createRoute(options: Partial<typeof routes.$inferInsert> & { dayIds?: number[] } = {}) {
  const { db } = await testDatabase();
  const { dayIds = [1, 3, 5], ...values } = options;
  const destinationId = values.destinationId ?? (await createDestination()).id;
  const [row] = await db
    .insert(routes)
    .values({ name: unique("Ruta "), departureTime: "07:30", cost: "12.50", ...values, destinationId })
    .returning();
  if (!row) throw new Error("no route");
  if (dayIds.length > 0)
    await db.insert(routeDays).values(dayIds.map((dayId) => ({ routeId: row.id, dayId })));
  return row;
}

/** A collaborator (user + employee); `status` is the user's status. */
export async function createEmployee(
  options: { status?: "active" | "inactive"; name?: string; lastname?: string } = {},
) {
  const { db } = await testDatabase();
  const user = await createUser({ role: "Collaborator", status: options.status });
  const [row] = await db
    .update(employees)
    .set({ name: options.name ?? "María", lastname: options.lastname ?? "Rodríguez" })
    .where(eq(employees.userId, user.id))
    .returning();
  if (!row) throw new Error("no employee");
  return { ...row, user };
}

/** A driver (user + driver + supplier); `status` is the user's status. */
export async function createDriver(
  options: { status?: "active" | "inactive"; name?: string; lastname?: string } = {},
) {
  const { db } = await testDatabase();
  const user = await createUser({ role: "Driver", status: options.status });
  const [row] = await db
    .update(drivers)
    .set({ name: options.name ?? "Juan", lastname: options.lastname ?? "Pérez" })
    .where(eq(drivers.userId, user.id))
    .returning();
  if (!row) throw new Error("no driver");
  return { ...row, user };
}
