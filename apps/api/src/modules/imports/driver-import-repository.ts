/** The drivers an import reads and writes, many at a time (issue 24). */
import { eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { drivers, users } from "../../db/schema.js";
import { newCodeQr } from "../employees/employee-repository.js";
import { chunks } from "./import-accounts-repository.js";

type Conn = Db | Tx;

export type StoredDriver = { driverId: number; userId: number; role: string; email: string };

/** The drivers of these cédulas (`000-0000000-0`): cédula → driver. */
export async function findDriversByCard(conn: Conn, cards: readonly string[]) {
  const found = new Map<string, StoredDriver>();
  for (const part of chunks([...new Set(cards)])) {
    const rows = await conn
      .select({
        card: drivers.identityCard,
        driverId: drivers.id,
        userId: drivers.userId,
        role: users.role,
        email: users.email,
      })
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .where(inArray(drivers.identityCard, part));
    for (const { card, ...row } of rows) found.set(card, row);
  }
  return found;
}

export type DriverImportValues = {
  identityCard: string;
  name: string;
  lastname: string;
  telephone: string;
  licenseNumber: string;
  supplierId: number;
  vehiclePlate: string;
  vehicleModel: string;
  vehicleCapacity: number;
};

/** New drivers of new accounts, one INSERT per batch. */
export async function insertDrivers(tx: Tx, rows: readonly (DriverImportValues & { userId: number })[]) {
  for (const part of chunks(rows)) {
    await tx.insert(drivers).values(part.map((row) => ({ ...row, codeQr: newCodeQr() })));
  }
}

/** Existing drivers' data, one `UPDATE … FROM (VALUES …)` per batch. */
export async function updateDrivers(tx: Tx, rows: readonly (DriverImportValues & { driverId: number })[]) {
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map(
        (row) => sql`(${row.driverId}::int, ${row.name}::text, ${row.lastname}::text, ${row.telephone}::text,
          ${row.licenseNumber}::text, ${row.supplierId}::int, ${row.vehiclePlate}::text, ${row.vehicleModel}::text,
          ${row.vehicleCapacity}::int)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${drivers} set
        name = v.name, lastname = v.lastname, telephone = v.telephone, license_number = v.license_number,
        supplier_id = v.supplier_id, vehicle_plate = v.vehicle_plate, vehicle_model = v.vehicle_model,
        vehicle_capacity = v.vehicle_capacity, updated_at = now()
      from (values ${values}) as v(id, name, lastname, telephone, license_number, supplier_id,
        vehicle_plate, vehicle_model, vehicle_capacity)
      where ${drivers.id} = v.id`);
  }
}
