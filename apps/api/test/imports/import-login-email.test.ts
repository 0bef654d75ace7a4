/**
 * Issue 32: an import never changes who signs in. A row matching a stored collaborator (Código) or
 * driver (Cédula) with another e-mail is an error on «Correo» in the preview, the commit (422,
 * nothing written) and the error file; the same e-mail in other case is no error.
 */
import { IMPORT_MESSAGES, type ImportReport } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, employees, mailOutbox, users } from "../../src/db/schema.js";
import {
  type Cells,
  csvOf,
  DRIVER_IMPORT_COLUMNS,
  driverCells,
  EMPLOYEE_IMPORT_COLUMNS,
  employeeCells,
  importForm,
} from "../helpers/import-factories.js";
import { createDriver, createEmployee } from "../helpers/people-factories.js";
import {
  buildTestApp,
  createBranchOffice,
  createSupplier,
  type SignedIn,
  signedInAs,
  signIn,
  testDatabase,
  uniqueEmail,
} from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
let office: string;
let supplier: string;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  office = (await createBranchOffice()).name;
  supplier = (await createSupplier()).name;
});
afterAll(() => app.close());

type Kind = { columns: typeof EMPLOYEE_IMPORT_COLUMNS | typeof DRIVER_IMPORT_COLUMNS; path: string };
const EMPLOYEES: Kind = { columns: EMPLOYEE_IMPORT_COLUMNS, path: API.employee.import.path };
const DRIVERS: Kind = { columns: DRIVER_IMPORT_COLUMNS, path: API.driver.import.path };

const post = (url: string, kind: Kind, rows: Cells[]) =>
  app.inject({
    method: "POST",
    url,
    headers: admin.headers,
    payload: importForm(csvOf(kind.columns, rows)),
  });
const dryRun = (kind: Kind, rows: Cells[]) => post(`${kind.path}?dryRun=true`, kind, rows);
const commit = (kind: Kind, rows: Cells[]) => post(kind.path, kind, rows);
const errorFile = (kind: Kind, rows: Cells[]) => post(`${kind.path}/errors`, kind, rows);
const report = (response: LightMyRequestResponse) => response.json() as ImportReport;

/** The error file's data rows: the cells of each, its reasons last. */
async function errorRows(response: LightMyRequestResponse) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const rows: string[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? "")));
  });
  return rows;
}

async function mailsTo(email: string) {
  const { db } = await testDatabase();
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

async function employeeOf(userId: number) {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ name: employees.name, email: users.email })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.userId, userId));
  return row;
}

async function driverOf(userId: number) {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ name: drivers.name, email: users.email })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.userId, userId));
  return row;
}

describe("Employee/import: a stored collaborator's e-mail", () => {
  it("another e-mail is an error on Correo: preview, 422 with nothing written, error file", async () => {
    const { user, employee } = await createEmployee();
    const session = await signIn(app, user.email);
    const newEmail = uniqueEmail();
    const fresh = employeeCells(office);
    const rows = [
      employeeCells(office, { codeEmployee: employee.codeEmployee, email: newEmail, name: "Intrusa" }),
      fresh,
    ];
    const expected = {
      row: 2,
      column: "Correo",
      message: IMPORT_MESSAGES.emailMismatch(user.email, "colaborador"),
    };
    expect(expected.message).toContain("página del colaborador");

    const preview = await dryRun(EMPLOYEES, rows);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(report(preview)).toMatchObject({ invalid: 1, created: 1, updated: 0, errors: [expected] });
    expect(report(preview).rows.map((row) => row.action)).toEqual(["error", "create"]);

    const refused = await commit(EMPLOYEES, rows);
    expect(refused.statusCode).toBe(422);
    expect(report(refused).errors).toEqual([expected]);
    expect(await employeeOf(user.id)).toEqual({ name: employee.name, email: user.email });
    const { db } = await testDatabase();
    expect(
      await db
        .select()
        .from(employees)
        .where(eq(employees.codeEmployee, String(fresh.codeEmployee))),
    ).toHaveLength(0);
    expect(await mailsTo(newEmail)).toHaveLength(0);
    expect(await mailsTo(user.email)).toHaveLength(0);
    expect(
      (await app.inject({ method: "GET", url: API.employee.profile.path, headers: session.headers }))
        .statusCode,
    ).toBe(200);

    const file = await errorFile(EMPLOYEES, rows);
    expect(file.statusCode, file.body).toBe(200);
    const written = await errorRows(file);
    // Every row (issue 33): the refused one first, then the valid one without reasons.
    expect(written).toHaveLength(2);
    expect(written[0]?.[0]).toBe(employee.codeEmployee);
    expect(written[0]?.at(-1)).toContain(`Correo: ${expected.message}`);
    expect(written[1]?.[0]).toBe(fresh.codeEmployee);
    expect(written[1]?.join(" ")).not.toContain("Correo:");
  });

  it("the same e-mail in other case is no error, and the stored one stays", async () => {
    const { user, employee } = await createEmployee();
    const rows = [
      employeeCells(office, {
        codeEmployee: employee.codeEmployee.toLowerCase(),
        email: user.email.toUpperCase(),
        name: "Renombrada",
      }),
    ];
    const preview = await dryRun(EMPLOYEES, rows);
    expect(report(preview)).toMatchObject({ invalid: 0, updated: 1, errors: [] });
    const done = await commit(EMPLOYEES, rows);
    expect(done.statusCode, done.body).toBe(200);
    expect(await employeeOf(user.id)).toEqual({ name: "Renombrada", email: user.email });
  });
});

describe("Driver/import: a stored driver's e-mail", () => {
  it("another e-mail is an error on Correo: preview, 422 with nothing written, error file", async () => {
    const { user, driver } = await createDriver();
    const newEmail = uniqueEmail();
    // The cédula written without hyphens still matches the stored driver.
    const rows = [
      driverCells(supplier, {
        identityCard: driver.identityCard.replaceAll("-", ""),
        email: newEmail,
        name: "Intruso",
      }),
      driverCells(supplier),
    ];
    const expected = {
      row: 2,
      column: "Correo",
      message: IMPORT_MESSAGES.emailMismatch(user.email, "chofer"),
    };

    const preview = await dryRun(DRIVERS, rows);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(report(preview)).toMatchObject({ invalid: 1, created: 1, errors: [expected] });

    const refused = await commit(DRIVERS, rows);
    expect(refused.statusCode).toBe(422);
    expect(report(refused).errors).toEqual([expected]);
    expect(await driverOf(user.id)).toEqual({ name: driver.name, email: user.email });
    expect(await mailsTo(newEmail)).toHaveLength(0);

    const file = await errorFile(DRIVERS, rows);
    expect(file.statusCode, file.body).toBe(200);
    const written = await errorRows(file);
    // Every row (issue 33): the refused one first, then the valid one without reasons.
    expect(written).toHaveLength(2);
    expect(written[0]?.at(-1)).toContain(`Correo: ${expected.message}`);
    expect(written[1]?.join(" ")).not.toContain("Correo:");
  });

  it("the same e-mail in other case is no error", async () => {
    const { user, driver } = await createDriver();
    const rows = [
      driverCells(supplier, { identityCard: driver.identityCard, email: user.email.toUpperCase() }),
    ];
    const done = await commit(DRIVERS, rows);
    expect(done.statusCode, done.body).toBe(200);
    expect(report(done)).toMatchObject({ updated: 1, invalid: 0 });
    expect(await driverOf(user.id)).toEqual({ name: "Pedro", email: user.email });
  });
});
