/**
 * The import reader on workbooks LibreOffice saved (not exceljs): the template opened and saved
 * again, and a CSV turned into .xlsx (numbers and dates typed as such). Needs LibreOffice:
 * `npm run test:libreoffice`.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { EMPLOYEE_IMPORT_COLUMNS, IMPORT_MESSAGES } from "@treiber/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeImportTemplate } from "../src/lib/import/write-import-template.js";
import { readAll, written } from "../test/imports/reader/fixtures.js";

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "treiber-lo-reader-"));
  await writeFile(
    join(dir, "Plantilla.xlsx"),
    await written((output) =>
      writeImportTemplate(output, {
        fileName: "Plantilla.xlsx",
        columns: EMPLOYEE_IMPORT_COLUMNS,
        listName: "Sucursal",
        listValues: ["Sucursal Norte", "Sucursal Sur"],
      }),
    ),
  );
  await writeFile(
    join(dir, "Personas.csv"),
    "Código,Nombre,Apellido,Correo,Teléfono,Departamento,Cargo,Sucursal,Dirección,Latitud,Longitud\n" +
      "E-1,Ana,Pérez,ana@x.do,8095551234,Finanzas,Analista,Sucursal Norte,,18.4861,-69.9312\n" +
      "E-2,Beto,Báez,beto@x.do,8095551235,Finanzas,Analista,2024-05-01,,,\n",
  );
  await run(
    "soffice",
    [
      `-env:UserInstallation=file://${join(dir, "profile")}`,
      "--headless",
      "--norestore",
      "--convert-to",
      "xlsx:Calc MS Excel 2007 XML",
      "--infilter=CSV:44,34,76,1",
      "--outdir",
      join(dir, "out"),
      join(dir, "Plantilla.xlsx"),
      join(dir, "Personas.csv"),
    ],
    { timeout: 120_000 },
  );
}, 180_000);

afterAll(async () => {
  if (dir && !process.env.KEEP_LO) await rm(dir, { recursive: true, force: true });
});

describe("the import reader on files saved by LibreOffice", () => {
  it("reads the template saved again by LibreOffice: its example row, the list value kept", async () => {
    const { rows, warnings } = await readAll(
      await readFile(join(dir, "out", "Plantilla.xlsx")),
      EMPLOYEE_IMPORT_COLUMNS,
    );
    expect(warnings).toEqual([]);
    expect(rows).toEqual([
      {
        row: 2,
        values: Object.fromEntries(
          EMPLOYEE_IMPORT_COLUMNS.map((column) => [
            column.key,
            column.key === "branchOffice" ? "Sucursal Norte" : column.example || null,
          ]),
        ),
        cellErrors: [],
      },
    ]);
  });

  it("reads numbers as text without noise and refuses a date cell", async () => {
    const { rows } = await readAll(
      await readFile(join(dir, "out", "Personas.xlsx")),
      EMPLOYEE_IMPORT_COLUMNS,
    );
    expect(rows[0]?.values).toMatchObject({
      telephone: "8095551234",
      latitude: "18.4861",
      longitude: "-69.9312",
    });
    expect(rows[0]?.cellErrors).toEqual([]);
    expect(rows[1]?.cellErrors).toEqual([{ row: 3, column: "Sucursal", message: IMPORT_MESSAGES.date }]);
  });
});
