/** The drivers an import reads and writes, many at a time (issue 24). */
import { inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { jsonRows, jsonTexts } from "../../db/json-rows.js";
import { drivers, routeDrivers, users } from "../../db/schema.js";
import { newCodeQr } from "../employees/employee-repository.js";
import { chunks, rowsOf } from "./import-accounts-repository.js";

type Conn = Db | Tx;

/** A stored driver as an import matches it, with what a row may change (issue 33: unchanged rows). */
export type StoredDriver = {
  driverId: number;
  userId: number;
  role: string;
  email: string;
  name: string;
  lastname: string;
  telephone: string | null;
  licenseNumber: string | null;
  supplierId: number;
  vehiclePlate: string | null;
  vehicleModel: string | null;
  vehicleCapacity: number | null;
};

/** The drivers of these cédulas (`000-0000000-0`): cédula → driver. */
export async function findDriversByCard(conn: Conn, cards: readonly string[]) {
  const found = new Map<string, StoredDriver>();
  for (const part of chunks([...new Set(cards)])) {
    const result = await conn.execute(sql`
      select d.identity_card as card, d.id as "driverId", d.user_id as "userId", u.role, u.email,
        d.name, d.lastname, d.telephone, d.license_number as "licenseNumber", d.supplier_id as "supplierId",
        d.vehicle_plate as "vehiclePlate", d.vehicle_model as "vehicleModel",
        d.vehicle_capacity as "vehicleCapacity"
      from ${drivers} d join ${users} u on u.id = d.user_id
      where d.identity_card = any(${jsonTexts(part)})`);
    for (const { card, ...row } of rowsOf<StoredDriver & { card: string }>(result)) found.set(card, row);
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

const columnsOf = (row: DriverImportValues) => ({
  identity_card: row.identityCard,
  name: row.name,
  lastname: row.lastname,
  telephone: row.telephone,
  license_number: row.licenseNumber,
  supplier_id: row.supplierId,
  vehicle_plate: row.vehiclePlate,
  vehicle_model: row.vehicleModel,
  vehicle_capacity: row.vehicleCapacity,
});

const RECORD = sql.raw(`identity_card text, name text, lastname text, telephone text, license_number text,
  supplier_id int, vehicle_plate text, vehicle_model text, vehicle_capacity int`);

/** New drivers of new accounts, one INSERT per batch. */
export async function insertDrivers(tx: Tx, rows: readonly (DriverImportValues & { userId: number })[]) {
  for (const part of chunks(rows)) {
    const values = part.map((row) => ({ ...columnsOf(row), user_id: row.userId, code_qr: newCodeQr() }));
    await tx.execute(sql`
      insert into ${drivers} (user_id, identity_card, name, lastname, telephone, license_number, supplier_id,
        vehicle_plate, vehicle_model, vehicle_capacity, code_qr)
      select v.user_id, v.identity_card, v.name, v.lastname, v.telephone, v.license_number, v.supplier_id,
        v.vehicle_plate, v.vehicle_model, v.vehicle_capacity, v.code_qr
      from ${jsonRows(values)} as v(user_id int, code_qr text, ${RECORD})`);
  }
}

/** Existing drivers' data, one `UPDATE … FROM` per batch (the cédula is the match: it stays). */
export async function updateDrivers(tx: Tx, rows: readonly (DriverImportValues & { driverId: number })[]) {
  for (const part of chunks(rows)) {
    const values = part.map((row) => ({ ...columnsOf(row), id: row.driverId }));
    await tx.execute(sql`
      update ${drivers} set
        name = v.name, lastname = v.lastname, telephone = v.telephone, license_number = v.license_number,
        supplier_id = v.supplier_id, vehicle_plate = v.vehicle_plate, vehicle_model = v.vehicle_model,
        vehicle_capacity = v.vehicle_capacity, updated_at = now()
      from ${jsonRows(values)} as v(id int, ${RECORD})
      where ${drivers.id} = v.id`);
  }
}

/** The routes these drivers are on. */
export async function routeIdsOfDrivers(conn: Conn, driverIds: readonly number[]): Promise<number[]> {
  if (driverIds.length === 0) return [];
  const rows = await conn
    .selectDistinct({ routeId: routeDrivers.routeId })
    .from(routeDrivers)
    .where(inArray(routeDrivers.driverId, [...driverIds]));
  return rows.map((row) => row.routeId);
}
