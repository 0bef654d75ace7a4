import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { employees, users } from "../../db/schema.js";
import { hashPassword } from "../auth/passwords.js";
import { newCodeQr } from "../employees/employee-repository.js";

/** Creates a SuperAdmin (user + employee record). Returns false when the e-mail already exists. */
export async function createSuperAdmin(
  db: Db,
  input: { email: string; password: string; name?: string; lastname?: string },
): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) return false;
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, role: "SuperAdmin", mustChangePassword: false })
      .returning({ id: users.id });
    if (!user) throw new Error("user insert returned nothing");
    await tx.insert(employees).values({
      userId: user.id,
      codeEmployee: `ADMIN-${user.id}`,
      name: input.name ?? "Super",
      lastname: input.lastname ?? "Admin",
      jobTitle: "Administrador",
      department: "Administración",
      codeQr: newCodeQr(),
    });
    return true;
  });
}

export async function hasSuperAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "SuperAdmin")).limit(1);
  return row !== undefined;
}
