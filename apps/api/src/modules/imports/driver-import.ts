/**
 * Drivers from a sheet (issue 24): matched by Cédula, of a supplier by name; a stored driver the
 * row would not change is `unchanged` (issue 33).
 */
import {
  DRIVER_IMPORT_COLUMNS,
  type DriverImportRow,
  driverImportRowSchema,
  IMPORT_MESSAGES,
} from "@treiber/contract";
import { listSupplierStatuses } from "../suppliers/supplier-repository.js";
import { changedColumns } from "./changed-columns.js";
import {
  type DriverImportValues,
  findDriversByCard,
  insertDrivers,
  type StoredDriver,
  updateDrivers,
} from "./driver-import-repository.js";
import type { ImportKind } from "./import-kind.js";

const driverValues = (data: DriverImportRow, supplierId: number): DriverImportValues => ({
  identityCard: data.identityCard,
  name: data.name,
  lastname: data.lastname,
  telephone: data.telephone,
  licenseNumber: data.licenseNumber,
  supplierId,
  vehiclePlate: data.vehiclePlate,
  vehicleModel: data.vehicleModel,
  vehicleCapacity: data.vehicleCapacity,
});

/** A bigger vehicle than the stored one: its routes without seats of their own may have more (0048). */
const grewVehicle = (stored: StoredDriver, data: DriverImportRow) =>
  stored.vehicleCapacity !== null && data.vehicleCapacity > stored.vehicleCapacity;

export const driverImport: ImportKind<DriverImportRow, StoredDriver> = {
  columns: DRIVER_IMPORT_COLUMNS,
  schema: driverImportRowSchema,
  keyColumn: "identityCard",
  unique: [
    // 001-1234567-8 and 00112345678 are one cédula.
    { key: "identityCard", fold: (value) => value.replace(/\D/g, "") || value.trim() },
    { key: "email", fold: (value) => value.trim().toLowerCase() },
  ],
  matchKey: (data) => data.identityCard,
  findStored: findDriversByCard,
  role: "Driver",
  person: "chofer",
  catalog: {
    column: "supplier",
    list: listSupplierStatuses,
    notFound: IMPORT_MESSAGES.supplierNotFound,
    inactive: IMPORT_MESSAGES.supplierInactive,
  },
  changes(row, data, catalogId) {
    const stored = row.stored;
    if (!stored) return [];
    const next = driverValues(data, catalogId);
    // The cédula is the match: it never changes.
    return changedColumns(DRIVER_IMPORT_COLUMNS, [
      ["name", next.name, stored.name],
      ["lastname", next.lastname, stored.lastname],
      ["telephone", next.telephone, stored.telephone],
      ["licenseNumber", next.licenseNumber, stored.licenseNumber],
      ["supplier", next.supplierId, stored.supplierId],
      ["vehiclePlate", next.vehiclePlate, stored.vehiclePlate],
      ["vehicleModel", next.vehicleModel, stored.vehicleModel],
      ["vehicleCapacity", next.vehicleCapacity, stored.vehicleCapacity],
    ]);
  },
  seatsRaisedBy: (rows) =>
    rows.flatMap((row) =>
      row.action === "update" && row.stored && row.data && grewVehicle(row.stored, row.data)
        ? [row.stored.driverId]
        : [],
    ),
  async write(tx, { creates, updates }) {
    await insertDrivers(
      tx,
      creates.map(({ data, userId, catalogId }) => ({ ...driverValues(data, catalogId), userId })),
    );
    await updateDrivers(
      tx,
      updates.map(({ data, stored, catalogId }) => ({
        ...driverValues(data, catalogId),
        driverId: stored.driverId,
      })),
    );
  },
};
