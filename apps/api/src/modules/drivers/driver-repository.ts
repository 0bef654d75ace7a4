import type { Tx } from "../../db/client.js";
import { drivers } from "../../db/schema.js";
import { newCodeQr } from "../employees/employee-repository.js";

export type NewDriver = {
  userId: number;
  supplierId: number;
  name: string;
  lastname: string;
  identityCard: string;
  telephone: string;
  licenseNumber: string;
  vehiclePlate: string;
  vehicleModel: string;
  vehicleCapacity: number;
};

export async function insertDriver(tx: Tx, values: NewDriver): Promise<number> {
  const [row] = await tx
    .insert(drivers)
    .values({ ...values, codeQr: newCodeQr() })
    .returning({ id: drivers.id });
  if (!row) throw new Error("driver insert returned nothing");
  return row.id;
}
