import { randomBytes } from "node:crypto";
import type { EmployeeUpdateRequest } from "@treiber/contract";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { branchOffices, employees } from "../../db/schema.js";

export type NewEmployee = {
  userId: number;
  codeEmployee: string;
  name: string;
  lastname: string;
  department: string;
  jobTitle: string;
  telephone: string;
  branchOfficeId: number;
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};

/** A random, URL-safe QR payload (regenerable). */
export const newCodeQr = () => randomBytes(12).toString("base64url");

export async function insertEmployee(tx: Tx, values: NewEmployee): Promise<number> {
  const [row] = await tx
    .insert(employees)
    .values({ ...values, codeQr: newCodeQr() })
    .returning({ id: employees.id });
  if (!row) throw new Error("employee insert returned nothing");
  return row.id;
}

export type EmployeeUpdateOutcome =
  | "updated"
  | "employee-not-found"
  | "branch-office-not-found"
  | "branch-office-inactive";

/** Edits a collaborator's employee data in one transaction, checking its branch office. */
export async function updateEmployee(db: Db, request: EmployeeUpdateRequest): Promise<EmployeeUpdateOutcome> {
  const { id, ...values } = request;
  return db.transaction(async (tx) => {
    const [employee] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.id, id))
      .limit(1)
      .for("update");
    if (!employee) return "employee-not-found";
    const [branchOffice] = await tx
      .select({ status: branchOffices.status })
      .from(branchOffices)
      .where(eq(branchOffices.id, values.branchOfficeId))
      .limit(1);
    if (!branchOffice) return "branch-office-not-found";
    if (branchOffice.status !== "active") return "branch-office-inactive";
    await tx
      .update(employees)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(employees.id, id));
    return "updated";
  });
}
