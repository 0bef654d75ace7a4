import { randomBytes } from "node:crypto";
import type { Tx } from "../../db/client.js";
import { employees } from "../../db/schema.js";

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
