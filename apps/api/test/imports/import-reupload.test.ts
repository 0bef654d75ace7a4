/**
 * Issue 33, uploading again: the error file holds every row (errors first, «Errores» empty for the
 * valid ones), so fixing it and uploading it imports all of them; a stored person the file would
 * not change is «Sin cambios» (`unchanged`, nothing written) and «Actualiza» counts real changes,
 * naming the columns that change.
 */
import { IMPORT_ERRORS_HEADER, IMPORT_MESSAGES, type ImportReport } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, employees } from "../../src/db/schema.js";
import {
  csvOf,
  DRIVER_IMPORT_COLUMNS,
  driverCells,
  EMPLOYEE_IMPORT_COLUMNS,
  employeeCells,
  hyphenated,
  importForm,
} from "../helpers/import-factories.js";
import {
  buildTestApp,
  createBranchOffice,
  createSupplier,
  type SignedIn,
  signedInAs,
  testDatabase,
} from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
let office: string;
let supplier: string;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  office = (await createBranchOffice({ latitude: 18.4861, longitude: -69.9312 })).name;
  supplier = (await createSupplier()).name;
});
afterAll(() => app.close());

type Cells = Record<string, string | null>;
const post = (url: string, file: Buffer, fileName?: string) =>
  app.inject({ method: "POST", url, headers: admin.headers, payload: importForm(file, {}, fileName) });
const report = (response: LightMyRequestResponse) => response.json() as ImportReport;
const employeesCsv = (rows: Cells[]) => csvOf(EMPLOYEE_IMPORT_COLUMNS, rows);

async function storedEmployees(codes: string[]) {
  const { db } = await testDatabase();
  return db
    .select({ code: employees.codeEmployee, telephone: employees.telephone, updatedAt: employees.updatedAt })
    .from(employees)
    .where(inArray(employees.codeEmployee, codes));
}

const cellTexts = (sheet: ExcelJS.Worksheet, row: number) =>
  ((sheet.getRow(row).values ?? []) as unknown[])
    .slice(1)
    .map((value) => (value == null ? null : String(value)));

describe("the error file", () => {
  it("holds every row, errors first; fixed and uploaded again it imports all of them", async () => {
    const rows = [
      employeeCells(office, { latitude: "18.50", longitude: "-69.95" }),
      employeeCells(office, { telephone: "555" }),
      employeeCells(office, { address: "Calle El Conde 1, Santo Domingo" }),
      employeeCells("Sucursal que no existe"),
      employeeCells(office),
    ];
    const codes = rows.map((row) => String(row.codeEmployee));
    const response = await post(API.employee.importErrors.path, employeesCsv(rows));
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const headers = cellTexts(sheet, 1);
    expect(headers).toEqual([
      ...EMPLOYEE_IMPORT_COLUMNS.map((column) => column.header),
      IMPORT_ERRORS_HEADER,
    ]);
    const errorsAt = headers.length - 1;
    // Rows 3 and 5 of the upload (the errors), then 2, 4 and 6 in sheet order.
    const written = [2, 3, 4, 5, 6].map((row) => cellTexts(sheet, row));
    expect(written.map((cells) => cells[0])).toEqual([codes[1], codes[3], codes[0], codes[2], codes[4]]);
    expect(written[0]?.[errorsAt]).toBe("Teléfono: Teléfono incorrecto");
    expect(written[1]?.[errorsAt]).toBe(`Sucursal: ${IMPORT_MESSAGES.branchOfficeNotFound}`);
    for (const cells of written.slice(2)) expect(cells[errorsAt] ?? null).toBeNull();
    expect(written[2]?.slice(9, 11)).toEqual(["18.50", "-69.95"]);
    expect(written[3]?.[8]).toBe("Calle El Conde 1, Santo Domingo");
    expect(sheet.getRow(7).hasValues).toBe(false);

    // The admin fixes the two rows in the file and uploads it as it is.
    const telephone = EMPLOYEE_IMPORT_COLUMNS.findIndex((column) => column.key === "telephone") + 1;
    const branchOffice = EMPLOYEE_IMPORT_COLUMNS.findIndex((column) => column.key === "branchOffice") + 1;
    sheet.getRow(2).getCell(telephone).value = "8095550000";
    sheet.getRow(3).getCell(branchOffice).value = office;
    const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
    const done = await post(API.employee.import.path, fixed, "ErroresColaboradores.xlsx");
    expect(done.statusCode, done.body).toBe(200);
    expect(report(done)).toMatchObject({ total: 5, valid: 5, invalid: 0, created: 5, warnings: [] });
    expect((await storedEmployees(codes)).map((row) => row.code).sort()).toEqual([...codes].sort());
  });

  it("is refused when no row has an error", async () => {
    const none = await post(API.employee.importErrors.path, employeesCsv([employeeCells(office)]));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(IMPORT_MESSAGES.noInvalidRows);
  });
});

describe("uploading the same people again", () => {
  it("an unchanged collaborator is «Sin cambios»: nothing updated, nothing written", async () => {
    const rows = [
      employeeCells(office, { latitude: "18.50", longitude: "-69.95", address: "Calle 1, Naco" }),
      employeeCells(office, { telephone: "(809) 555-1234", department: "Ventas" }),
      employeeCells(office),
    ];
    const codes = rows.map((row) => String(row.codeEmployee));
    expect((await post(API.employee.import.path, employeesCsv(rows))).statusCode).toBe(200);
    const before = await storedEmployees(codes);

    // The same file, the telephone written another way and the code in another case.
    const same = [{ ...rows[0] }, { ...rows[1], telephone: "8095551234" }, { ...rows[2] }];
    const preview = report(await post(`${API.employee.import.path}?dryRun=true`, employeesCsv(same)));
    expect(preview).toMatchObject({ total: 3, created: 0, updated: 0, unchanged: 3 });
    expect(preview.rows.map((row) => row.action)).toEqual(["unchanged", "unchanged", "unchanged"]);
    expect(preview.rows.map((row) => row.changes)).toEqual([undefined, undefined, undefined]);
    const done = await post(API.employee.import.path, employeesCsv(same));
    expect(done.statusCode, done.body).toBe(200);
    expect(report(done)).toMatchObject({ created: 0, updated: 0, unchanged: 3, invitations: { count: 0 } });
    const after = await storedEmployees(codes);
    expect(after.map((row) => row.updatedAt.getTime()).sort()).toEqual(
      before.map((row) => row.updatedAt.getTime()).sort(),
    );

    // One real change: «Actualiza 1», naming its columns; a case change of the code is one too.
    const changed = [
      { ...rows[0], telephone: "8095550000", longitude: "-69.96" },
      { ...rows[1], codeEmployee: codes[1]?.toUpperCase() ?? "" },
      { ...rows[2] },
    ];
    const second = report(await post(API.employee.import.path, employeesCsv(changed)));
    expect(second).toMatchObject({ created: 0, updated: 2, unchanged: 1 });
    expect(second.rows.map((row) => [row.action, row.changes])).toEqual([
      ["update", ["Teléfono", "Longitud"]],
      ["update", ["Código"]],
      ["unchanged", undefined],
    ]);
    const [first] = await storedEmployees([codes[0] as string]);
    expect(first?.telephone).toBe("(809) 555-0000");
  });

  it("an unchanged driver is «Sin cambios»; a new capacity is an update of «Capacidad»", async () => {
    const row = driverCells(supplier);
    const driversCsv = (rows: Cells[]) => csvOf(DRIVER_IMPORT_COLUMNS, rows);
    expect((await post(API.driver.import.path, driversCsv([row]))).statusCode).toBe(200);
    const card = hyphenated(String(row.identityCard));
    const { db } = await testDatabase();
    const [before] = await db.select().from(drivers).where(eq(drivers.identityCard, card));

    const again = report(await post(API.driver.import.path, driversCsv([{ ...row, identityCard: card }])));
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const [after] = await db.select().from(drivers).where(eq(drivers.identityCard, card));
    expect(after?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());

    const bigger = report(
      await post(API.driver.import.path, driversCsv([{ ...row, vehicleCapacity: "30" }])),
    );
    expect(bigger).toMatchObject({ updated: 1, unchanged: 0 });
    expect(bigger.rows[0]?.changes).toEqual(["Capacidad"]);
  });
});
