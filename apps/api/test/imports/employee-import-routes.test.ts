/**
 * `Employee/import*` over HTTP (issue 24): the template, the preview, the all-or-nothing commit,
 * matching by Código, the database's checks, the peer rule, the error file, junk files and who
 * may call them. Files are built here (CSV and .xlsx) and sent as multipart/form-data.
 */
import { IMPORT_MESSAGES, type ImportReport } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, mailOutbox, users } from "../../src/db/schema.js";
import { csvOf, EMPLOYEE_IMPORT_COLUMNS, employeeCells, importForm } from "../helpers/import-factories.js";
import { createEmployee } from "../helpers/people-factories.js";
import {
  buildTestApp,
  createBranchOffice,
  type SignedIn,
  signedInAs,
  testDatabase,
} from "../helpers/test-app.js";
import { subscribedWebhook } from "../helpers/webhook-subscription.js";

let app: FastifyInstance;
let admin: SignedIn;
let superAdmin: SignedIn;
let office: string;

beforeAll(async () => {
  app = await buildTestApp();
  [admin, superAdmin] = await Promise.all([signedInAs(app, "Admin"), signedInAs(app, "SuperAdmin")]);
  office = (await createBranchOffice()).name;
});
afterAll(() => app.close());

type Cells = Record<string, string | null>;
const csv = (rows: Cells[]) => csvOf(EMPLOYEE_IMPORT_COLUMNS, rows);

function post(url: string, file: Buffer, session: SignedIn | null = admin, fields = {}, fileName?: string) {
  return app.inject({
    method: "POST",
    url,
    headers: session?.headers ?? {},
    payload: importForm(file, fields, fileName),
  });
}
const dryRun = (file: Buffer, session: SignedIn | null = admin, fields?: Record<string, string>) =>
  post(`${API.employee.import.path}?dryRun=true`, file, session, fields);
const commit = (file: Buffer, session: SignedIn | null = admin, fields?: Record<string, string>) =>
  post(API.employee.import.path, file, session, fields);
const report = (response: LightMyRequestResponse) => response.json() as ImportReport;

async function storedByCode(code: string) {
  const { db } = await testDatabase();
  return db
    .select({ id: employees.id, name: employees.name, email: users.email, role: users.role })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(sql`lower(${employees.codeEmployee})`, code.toLowerCase()));
}

async function workbookOf(response: LightMyRequestResponse) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}
const rowTexts = (sheet: ExcelJS.Worksheet | undefined, row: number) =>
  ((sheet?.getRow(row).values ?? []) as unknown[])
    .slice(1)
    .map((value) => (value == null ? null : String(value)));

describe("Employee/import: who may call it", () => {
  it("401 anonymous, 403 collaborators and drivers, on the template, the import and the error file", async () => {
    const file = csv([employeeCells(office)]);
    const calls = [
      (session?: SignedIn) =>
        app.inject({ method: "GET", url: API.employee.importTemplate.path, headers: session?.headers ?? {} }),
      (session?: SignedIn) => dryRun(file, session ?? null),
      (session?: SignedIn) => commit(file, session ?? null),
      (session?: SignedIn) => post(API.employee.importErrors.path, file, session ?? null),
    ];
    const [collaborator, driver] = await Promise.all([
      signedInAs(app, "Collaborator"),
      signedInAs(app, "Driver"),
    ]);
    for (const call of calls) {
      const anonymous = await app.inject({ method: "POST", url: API.employee.import.path });
      expect(anonymous.statusCode).toBe(401);
      expect((await call(undefined)).statusCode).toBe(401);
      expect((await call(collaborator)).statusCode).toBe(403);
      expect((await call(driver)).statusCode).toBe(403);
    }
  });
});

describe("GET Employee/import/template", () => {
  it("is PlantillaColaboradores.xlsx: the headers, an example row with an active branch office, the rules", async () => {
    const inactive = await createBranchOffice({ status: "inactive" });
    const response = await app.inject({
      method: "GET",
      url: API.employee.importTemplate.path,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toContain("PlantillaColaboradores.xlsx");
    const workbook = await workbookOf(response);
    const data = workbook.worksheets[0];
    expect(rowTexts(data, 1)).toEqual(EMPLOYEE_IMPORT_COLUMNS.map((column) => column.header));
    expect(rowTexts(data, 2)[0]).toBe("EMP-0101");
    const names = workbook.worksheets.flatMap((sheet) =>
      sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? row.map(String) : [])),
    );
    expect(names).toContain(office);
    expect(names).not.toContain(inactive.name);
  });
});

describe("POST Employee/import", () => {
  it("dryRun=true reports every row and writes nothing; the commit writes them; a second import updates", async () => {
    const rows = [
      employeeCells(office),
      employeeCells(office.toUpperCase(), { latitude: "18.48", longitude: "-69.93" }),
    ];
    const codes = rows.map((row) => String(row.codeEmployee));
    const preview = await dryRun(csv(rows));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(report(preview)).toEqual({
      dryRun: true,
      total: 2,
      valid: 2,
      invalid: 0,
      created: 2,
      updated: 0,
      unchanged: 0,
      warned: 0,
      invitations: { count: 2, sendAt: null },
      errors: [],
      warnings: [],
      rows: [
        {
          row: 2,
          action: "create",
          key: codes[0],
          name: "Ana Importada",
          location: { source: "none", latitude: null, longitude: null, confidence: null, label: null },
        },
        {
          row: 3,
          action: "create",
          key: codes[1],
          name: "Ana Importada",
          location: { source: "sheet", latitude: 18.48, longitude: -69.93, confidence: null, label: null },
        },
      ],
    });
    expect(await storedByCode(codes[0] as string)).toHaveLength(0);

    const done = await commit(csv(rows));
    expect(done.statusCode, done.body).toBe(200);
    expect(report(done)).toMatchObject({ dryRun: false, created: 2, updated: 0, invalid: 0 });
    expect(await storedByCode(codes[0] as string)).toMatchObject([
      { role: "Collaborator", email: rows[0]?.email },
    ]);

    const again = await commit(
      csv([{ ...rows[0], codeEmployee: codes[0]?.toLowerCase() ?? "", name: "Renombrada" }]),
    );
    expect(report(again)).toMatchObject({ created: 0, updated: 1 });
    expect(await storedByCode(codes[0] as string)).toMatchObject([
      { name: "Renombrada", email: rows[0]?.email },
    ]);
  });

  it("announces each created and updated collaborator to webhooks as employee.changed (source import)", async () => {
    const webhook = await subscribedWebhook(["employee.changed"]);
    try {
      const rows = [employeeCells(office), employeeCells(office)];
      expect((await commit(csv(rows))).statusCode).toBe(200);
      const created = await storedByCode(String(rows[0]?.codeEmployee));
      expect((await commit(csv([{ ...rows[0], name: "Renombrada" }]))).statusCode).toBe(200);
      const data = await webhook.queuedData();
      expect(data.filter((item) => item.change === "created")).toHaveLength(2);
      expect(data).toContainEqual(
        expect.objectContaining({ employeeId: created[0]?.id, change: "updated", source: "import" }),
      );
      expect(data.every((item) => item.source === "import" && typeof item.employeeId === "number")).toBe(
        true,
      );
    } finally {
      await webhook.remove();
    }
  });

  it("all or nothing: one bad row → 422 with the report, nothing written, no mail", async () => {
    const good = employeeCells(office);
    const rows = [
      good,
      employeeCells(office, { telephone: "555", email: "no-es-correo" }),
      employeeCells(office, { latitude: "18.5" }),
    ];
    const refused = await commit(csv(rows));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      statusCode: 422,
      message: IMPORT_MESSAGES.invalidRows(2),
      dryRun: false,
      total: 3,
      valid: 1,
      invalid: 2,
      created: 1,
      errors: [
        { row: 3, column: "Correo", message: "Correo electrónico inválido" },
        { row: 3, column: "Teléfono", message: "Teléfono incorrecto" },
        { row: 4, column: "Longitud", message: IMPORT_MESSAGES.coordinatesTogether },
      ],
    });
    expect(report(refused).rows.map((row) => row.action)).toEqual(["create", "error", "error"]);
    expect(await storedByCode(String(good.codeEmployee))).toHaveLength(0);
    const { db } = await testDatabase();
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, String(good.email))),
    ).toHaveLength(0);
  });

  it("refuses repeats in the file, e-mails of other accounts, unknown and inactive branch offices", async () => {
    const inactive = await createBranchOffice({ status: "inactive" });
    const [taken, other] = [await createEmployee(), await createEmployee()];
    const first = employeeCells(office);
    const rows = [
      first,
      employeeCells(office, { codeEmployee: String(first.codeEmployee).toLowerCase() }),
      employeeCells(office, { email: String(first.email) }),
      employeeCells(office, { email: other.user.email }),
      employeeCells("Sucursal que no existe"),
      employeeCells(inactive.name),
      // The person's own e-mail is no conflict.
      employeeCells(office, {
        codeEmployee: taken.employee.codeEmployee,
        email: taken.user.email.toUpperCase(),
      }),
    ];
    const response = await dryRun(csv(rows));
    expect(report(response).errors).toEqual([
      { row: 3, column: "Código", message: IMPORT_MESSAGES.duplicateInFile("Código", 2) },
      { row: 4, column: "Correo", message: IMPORT_MESSAGES.duplicateInFile("Correo", 2) },
      { row: 5, column: "Correo", message: IMPORT_MESSAGES.emailInUse },
      { row: 6, column: "Sucursal", message: IMPORT_MESSAGES.branchOfficeNotFound },
      { row: 7, column: "Sucursal", message: IMPORT_MESSAGES.branchOfficeInactive },
    ]);
    expect(report(response).rows.at(-1)?.action).toBe("update");
  });

  it("only a SuperAdmin updates an administrator's row", async () => {
    const boss = await createEmployee({ role: "Admin" });
    const rows = [
      employeeCells(office, {
        codeEmployee: boss.employee.codeEmployee,
        email: boss.user.email,
        name: "Jefa",
      }),
    ];
    const asAdmin = await commit(csv(rows));
    expect(asAdmin.statusCode).toBe(422);
    expect(report(asAdmin).errors).toEqual([
      { row: 2, column: "Código", message: IMPORT_MESSAGES.notCollaborator },
    ]);
    const asSuperAdmin = await commit(csv(rows), superAdmin);
    expect(asSuperAdmin.statusCode).toBe(200);
    expect(await storedByCode(boss.employee.codeEmployee)).toMatchObject([{ name: "Jefa", role: "Admin" }]);
  });

  it("reads an .xlsx filled from the template", async () => {
    const template = await app.inject({
      method: "GET",
      url: API.employee.importTemplate.path,
      headers: admin.headers,
    });
    const workbook = await workbookOf(template);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const cells = employeeCells(office, { telephone: "(809) 555-0000" });
    sheet.getRow(2).values = EMPLOYEE_IMPORT_COLUMNS.map((column) => cells[column.key] ?? null);
    sheet.getRow(2).commit();
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await post(
      `${API.employee.import.path}?dryRun=true`,
      file,
      admin,
      {},
      "PlantillaColaboradores.xlsx",
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(report(response)).toMatchObject({ total: 1, created: 1, invalid: 0 });
  });

  it("junk files: not a spreadsheet, no file, missing columns, too large; a wrong skipGeocodeRows", async () => {
    const junk = await dryRun(Buffer.from("%PDF-1.7\n\u0000\u0001binario"));
    expect(junk.statusCode).toBe(415);
    expect(junk.json().message).toBe(IMPORT_MESSAGES.notSpreadsheet);
    const noFile = await app.inject({
      method: "POST",
      url: API.employee.import.path,
      headers: admin.headers,
      payload: (() => {
        const form = new FormData();
        form.append("otro", "x");
        return form;
      })(),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(IMPORT_MESSAGES.noFile);
    const json = await app.inject({
      method: "POST",
      url: API.employee.import.path,
      headers: admin.headers,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(400);
    const columns = await dryRun(Buffer.from("Código,Nombre\nA1,Ana\n"));
    expect(columns.statusCode).toBe(400);
    expect(columns.json().message).toContain("Faltan columnas");
    const big = await dryRun(Buffer.alloc(16 * 1024 * 1024, 65));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(IMPORT_MESSAGES.tooLarge);
    const skip = await dryRun(csv([employeeCells(office)]), admin, { skipGeocodeRows: "2,tres" });
    expect(skip.statusCode).toBe(400);
  });
});

describe("POST Employee/import/errors", () => {
  it("answers ErroresColaboradores.xlsx with every row, the invalid ones first with their reasons; 400 when none", async () => {
    const rows = [employeeCells(office), employeeCells(office, { telephone: "=1+1", branchOffice: "Nada" })];
    const response = await post(API.employee.importErrors.path, csv(rows));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toContain("ErroresColaboradores.xlsx");
    const sheet = (await workbookOf(response)).worksheets[0];
    expect(rowTexts(sheet, 1)).toEqual([
      ...EMPLOYEE_IMPORT_COLUMNS.map((column) => column.header),
      "Errores",
    ]);
    const written = rowTexts(sheet, 2);
    expect(written[0]).toBe(rows[1]?.codeEmployee);
    expect(written[4]).toBe("=1+1");
    expect(written.at(-1)).toContain("Teléfono: Teléfono incorrecto");
    expect(written.at(-1)).toContain(`Sucursal: ${IMPORT_MESSAGES.branchOfficeNotFound}`);
    // Issue 33: the valid row follows, its «Errores» empty, so the fixed file imports both.
    const valid = rowTexts(sheet, 3);
    expect(valid[0]).toBe(rows[0]?.codeEmployee);
    expect(valid[EMPLOYEE_IMPORT_COLUMNS.length] ?? null).toBeNull();
    expect(sheet?.getRow(4).hasValues).toBe(false);

    const none = await post(API.employee.importErrors.path, csv([employeeCells(office)]));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(IMPORT_MESSAGES.noInvalidRows);
  });
});
