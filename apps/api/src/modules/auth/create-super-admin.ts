import type { Db } from "../../db/client.js";
import { findUserIdByEmail, insertUser } from "../accounts/account-repository.js";
import { insertEmployee } from "../employees/employee-repository.js";
import { hashPassword } from "./passwords.js";

/** Creates a SuperAdmin (user + employee record). Returns false when the e-mail already exists. */
export async function createSuperAdmin(
  db: Db,
  input: { email: string; password: string; name?: string; lastname?: string },
): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if ((await findUserIdByEmail(tx, email)) !== undefined) return false;
    const userId = await insertUser(tx, {
      email,
      passwordHash,
      role: "SuperAdmin",
      mustChangePassword: false,
    });
    await insertEmployee(tx, {
      userId,
      codeEmployee: `ADMIN-${userId}`,
      name: input.name ?? "Super",
      lastname: input.lastname ?? "Admin",
      jobTitle: "Administrador",
      department: "Administración",
    });
    return true;
  });
}
