/** A collaborators sheet of N rows in the template's columns, as the bench uploads it. */
import { PassThrough } from "node:stream";
import { EMPLOYEE_IMPORT_COLUMNS } from "@treiber/contract";
import ExcelJS from "exceljs";

export type CollaboratorRow = Record<(typeof EMPLOYEE_IMPORT_COLUMNS)[number]["key"], string>;

const DEPARTMENTS = ["Finanzas", "Operaciones", "Ventas", "Tecnología", "Recursos Humanos"];
const TITLES = ["Analista", "Supervisor", "Gerente", "Asistente", "Coordinador"];

/** Distinct people (codes and e-mails carry `tag`), homes scattered around Santo Domingo. */
export function collaboratorRows(count: number, tag: string, branchOffice: string): CollaboratorRow[] {
  return Array.from({ length: count }, (_, i) => {
    const digits = String(1_000_000 + i).slice(1);
    return {
      codeEmployee: `${tag}-${i + 1}`,
      name: `Nombre${i + 1}`,
      lastname: `Apellido${i % 97}`,
      email: `${tag.toLowerCase()}.${i + 1}@bench.treiber.app`,
      telephone: `(809) 5${digits.slice(0, 2)}-${digits.slice(2, 6)}`,
      department: DEPARTMENTS[i % DEPARTMENTS.length] as string,
      jobTitle: TITLES[i % TITLES.length] as string,
      branchOffice,
      address: `Calle ${i % 300} #${i % 90}, Santo Domingo`,
      latitude: (18.42 + ((i * 7919) % 1000) / 10_000).toFixed(5),
      longitude: (-69.98 + ((i * 104_729) % 1000) / 10_000).toFixed(5),
    };
  });
}

/** The rows as an .xlsx (ExcelJS' streaming writer, as a user's Excel would hold them). */
export async function xlsxOf(rows: CollaboratorRow[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
  const sheet = workbook.addWorksheet("Colaboradores");
  sheet.addRow(EMPLOYEE_IMPORT_COLUMNS.map((column) => column.header)).commit();
  for (const row of rows) {
    sheet
      .addRow(
        EMPLOYEE_IMPORT_COLUMNS.map((column) => {
          const value = row[column.key];
          return column.key === "latitude" || column.key === "longitude" ? Number(value) : value;
        }),
      )
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
