import type { Role } from "@treiber/contract";
import { eq } from "drizzle-orm";
import { drivers, employees } from "../../src/db/schema.js";
import { createUser, testDatabase } from "./test-app.js";

/** A user with its employee record, the employee fields overridden. */
export async function createEmployee(
  options: { role?: Exclude<Role, "Driver">; status?: "active" | "inactive" } = {},
  values: Partial<typeof employees.$inferInsert> = {},
) {
  const user = await createUser({ role: options.role ?? "Collaborator", status: options.status });
  const { db } = await testDatabase();
  const [employee] = await db
    .update(employees)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(employees.userId, user.id))
    .returning();
  if (!employee) throw new Error("no employee");
  return { user, employee };
}

/** A Driver user with its driver record, the driver fields overridden. */
export async function createDriver(
  options: { status?: "active" | "inactive" } = {},
  values: Partial<typeof drivers.$inferInsert> = {},
) {
  const user = await createUser({ role: "Driver", status: options.status });
  const { db } = await testDatabase();
  const [driver] = await db
    .update(drivers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(drivers.userId, user.id))
    .returning();
  if (!driver) throw new Error("no driver");
  return { user, driver };
}
