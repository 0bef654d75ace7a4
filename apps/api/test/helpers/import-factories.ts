import type { ImportColumn } from "@treiber/contract";
import { DRIVER_IMPORT_COLUMNS, EMPLOYEE_IMPORT_COLUMNS, identityCardCheckDigit } from "@treiber/contract";
import type { OpenedSheet } from "../../src/lib/import/sheet-types.js";
import { unique, uniqueEmail } from "./test-app.js";

export type Cells = Record<string, string | null>;

/** A sheet as the reader hands it over: the rows numbered from 2 (row 1 is the header). */
export function memorySheet(
  columns: readonly ImportColumn[],
  rows: Cells[],
  warnings: string[] = [],
): OpenedSheet {
  return {
    warnings,
    rows: (async function* () {
      let number = 2;
      for (const cells of rows) {
        const values: Cells = {};
        for (const column of columns) values[column.key] = cells[column.key] ?? null;
        yield { row: number++, values, cellErrors: [] };
      }
    })(),
  };
}

/** A valid collaborator row of that branch office, with a new code and e-mail. */
export const employeeCells = (branchOffice: string, cells: Cells = {}): Cells => ({
  codeEmployee: unique("IMP"),
  name: "Ana",
  lastname: "Importada",
  email: uniqueEmail(),
  telephone: "8095551234",
  department: "Finanzas",
  jobTitle: "Analista",
  branchOffice,
  address: null,
  latitude: null,
  longitude: null,
  ...cells,
});

/** A random cédula with a right check digit, without hyphens (as a sheet may hold it). */
export const cardDigits = () => {
  const firstTen = Array.from({ length: 10 }, () => Math.floor(Math.random() * 10)).join("");
  return `${firstTen}${identityCardCheckDigit(firstTen)}`;
};
export const hyphenated = (digits: string) =>
  `${digits.slice(0, 3)}-${digits.slice(3, 10)}-${digits.slice(10)}`;

/** A valid driver row of that supplier, with a new cédula and e-mail. */
export const driverCells = (supplier: string, cells: Cells = {}): Cells => ({
  identityCard: cardDigits(),
  name: "Pedro",
  lastname: "Importado",
  email: uniqueEmail(),
  telephone: "(829) 555-0101",
  licenseNumber: unique("LIC"),
  supplier,
  vehiclePlate: "I123456",
  vehicleModel: "Toyota Coaster",
  vehicleCapacity: "25",
  ...cells,
});

/** The rows as a CSV file (comma-separated, UTF-8), headers from the template. */
export function csvOf(columns: readonly ImportColumn[], rows: Cells[]): Buffer {
  const quote = (value: string | null) => {
    const text = value ?? "";
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [columns.map((column) => quote(column.header)).join(",")];
  for (const row of rows) lines.push(columns.map((column) => quote(row[column.key] ?? null)).join(","));
  return Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8");
}

export { DRIVER_IMPORT_COLUMNS, EMPLOYEE_IMPORT_COLUMNS };

/** A multipart/form-data body: the file in `file` (a CSV unless named otherwise) and text fields. */
export function importForm(file: Buffer, fields: Record<string, string> = {}, fileName = "personas.csv") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(file)]), fileName);
  return form;
}
