/**
 * Collaborators from a sheet (issue 24): matched by Código (without case), in a branch office by
 * name, with their home from Latitud/Longitud, from the geocoded Dirección, kept as stored, or none.
 * Issue 33: a home outside the country or far from the branch office is a warning; a stored
 * collaborator the row would not change is `unchanged`.
 */
import {
  EMPLOYEE_IMPORT_COLUMNS,
  type EmployeeImportRow,
  employeeImportRowSchema,
  IMPORT_MESSAGES,
  type ImportLocation,
} from "@treiber/contract";
import { mayManage } from "../accounts/peer-policy.js";
import { enqueueWebhookEvents } from "../webhooks/webhook-events.js";
import { changedColumns } from "./changed-columns.js";
import {
  type EmployeeImportValues,
  findEmployeesByCode,
  insertEmployees,
  listBranchOfficesForImport,
  type StoredEmployee,
  updateEmployees,
} from "./employee-import-repository.js";
import { addressKey } from "./geocoder.js";
import { homeWarnings } from "./home-warnings.js";
import type { HomeRules, ImportKind, ResolvedRow } from "./import-kind.js";

type Stored = StoredEmployee;
type Row = ResolvedRow<EmployeeImportRow, Stored>;

const hasPoint = (data: EmployeeImportRow) => data.latitude !== undefined && data.longitude !== undefined;

/** An update without coordinates whose address is blank, or the stored one already placed. */
function keepsStoredHome(row: Row, data: EmployeeImportRow) {
  const stored = row.stored;
  if (!stored) return false;
  if (!data.address) return true;
  return stored.latitude !== null && addressKey(data.address) === addressKey(stored.address ?? "");
}

const point = (
  source: ImportLocation["source"],
  latitude: number | null = null,
  longitude: number | null = null,
  confidence: number | null = null,
  label: string | null = null,
): ImportLocation => ({ source, latitude, longitude, confidence, label });

export const employeeHomes: HomeRules<EmployeeImportRow, Stored> = {
  addressToLocate(row, data, skip) {
    if (hasPoint(data) || skip.has(row.row) || !data.address || keepsStoredHome(row, data)) return undefined;
    return data.address;
  },

  place(row, data, found, skip) {
    if (hasPoint(data)) return point("sheet", data.latitude, data.longitude);
    if (keepsStoredHome(row, data)) return point("unchanged", row.stored?.latitude, row.stored?.longitude);
    const answer = data.address && !skip.has(row.row) ? found.get(addressKey(data.address)) : undefined;
    if (answer?.latitude != null && answer.longitude != null) {
      return point("geocoded", answer.latitude, answer.longitude, answer.confidence, answer.label);
    }
    return point("none");
  },

  warn(row, location) {
    const { latitude, longitude } = location;
    // The sheet's or the geocoder's point; a kept home was checked when it was stored.
    if (
      (location.source !== "sheet" && location.source !== "geocoded") ||
      latitude === null ||
      longitude === null
    )
      return [];
    const office = row.catalog && {
      name: row.catalog.name,
      latitude: row.catalog.latitude ?? null,
      longitude: row.catalog.longitude ?? null,
    };
    return homeWarnings({ latitude, longitude }, office, location.source === "sheet");
  },
};

/** The employee's columns as the commit writes them, its home included. */
function employeeValues(row: Row, data: EmployeeImportRow, branchOfficeId: number): EmployeeImportValues {
  const location = row.location ?? point("none");
  const stored = row.stored;
  // A blank Dirección keeps the stored one (an update with coordinates only moves the point).
  const address =
    location.source === "unchanged" ? (stored?.address ?? null) : data.address || stored?.address || null;
  return {
    codeEmployee: data.codeEmployee,
    name: data.name,
    lastname: data.lastname,
    telephone: data.telephone,
    department: data.department,
    jobTitle: data.jobTitle,
    branchOfficeId,
    address,
    latitude: location.latitude,
    longitude: location.longitude,
  };
}

export const employeeImport: ImportKind<EmployeeImportRow, Stored> = {
  columns: EMPLOYEE_IMPORT_COLUMNS,
  schema: employeeImportRowSchema,
  keyColumn: "codeEmployee",
  unique: [
    { key: "codeEmployee", fold: (value) => value.trim().toLowerCase() },
    { key: "email", fold: (value) => value.trim().toLowerCase() },
  ],
  matchKey: (data) => data.codeEmployee.toLowerCase(),
  findStored: findEmployeesByCode,
  role: "Collaborator",
  person: "colaborador",
  catalog: {
    column: "branchOffice",
    list: listBranchOfficesForImport,
    notFound: IMPORT_MESSAGES.branchOfficeNotFound,
    inactive: IMPORT_MESSAGES.branchOfficeInactive,
  },
  refuseUpdate: (caller, stored) =>
    mayManage(caller, { id: stored.userId, role: stored.role }) ? undefined : IMPORT_MESSAGES.notCollaborator,
  home: employeeHomes,
  changes(row, data, catalogId) {
    const stored = row.stored;
    if (!stored) return [];
    const next = employeeValues(row, data, catalogId);
    return changedColumns(EMPLOYEE_IMPORT_COLUMNS, [
      ["codeEmployee", next.codeEmployee, stored.codeEmployee],
      ["name", next.name, stored.name],
      ["lastname", next.lastname, stored.lastname],
      ["telephone", next.telephone, stored.telephone],
      ["department", next.department, stored.department],
      ["jobTitle", next.jobTitle, stored.jobTitle],
      ["branchOffice", next.branchOfficeId, stored.branchOfficeId],
      ["address", next.address, stored.address],
      ["latitude", next.latitude, stored.latitude],
      ["longitude", next.longitude, stored.longitude],
    ]);
  },
  async write(tx, { creates, updates }) {
    const createdValues = creates.map(({ row, data, userId, catalogId }) => ({
      ...employeeValues(row, data, catalogId),
      userId,
    }));
    const created = await insertEmployees(tx, createdValues);
    const updatedValues = updates.map(({ row, data, stored, catalogId }) => ({
      ...employeeValues(row, data, catalogId),
      employeeId: stored.employeeId,
      userId: stored.userId,
    }));
    await updateEmployees(tx, updatedValues);
    // Webhooks' employee.changed for each one, committed with the import (decision 0085).
    const branchOfficeOf = new Map(createdValues.map((value) => [value.userId, value.branchOfficeId]));
    await enqueueWebhookEvents(tx, "employee.changed", [
      ...created.map(({ employeeId, userId }) => ({
        employeeId,
        userId,
        change: "created",
        role: "Collaborator",
        branchOfficeId: branchOfficeOf.get(userId) ?? null,
        source: "import",
      })),
      ...updatedValues.map(({ employeeId, userId, branchOfficeId }) => ({
        employeeId,
        userId,
        change: "updated",
        branchOfficeId,
        source: "import",
      })),
    ]);
  },
};
