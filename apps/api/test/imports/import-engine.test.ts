/**
 * The import engine against in-memory sheets (the rows as the reader hands them over): matching,
 * the database checks, all or nothing, and two imports at once.
 */
import { IMPORT_MESSAGES } from "@treiber/contract";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees, mailOutbox, users } from "../../src/db/schema.js";
import type { AuthUser } from "../../src/lib/auth-user.js";
import { createMailer } from "../../src/mail/mailer.js";
import { createImportService, type ImportService } from "../../src/modules/imports/import-service.js";
import { EMPLOYEE_IMPORT_COLUMNS, employeeCells, memorySheet } from "../helpers/import-factories.js";
import { createEmployee } from "../helpers/people-factories.js";
import { buildTestApp, createBranchOffice, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let imports: ImportService;
let office: string;
const superAdmin: AuthUser = { id: 0, role: "SuperAdmin" };
const admin: AuthUser = { id: 0, role: "Admin" };

beforeAll(async () => {
  app = await buildTestApp();
  const { db } = await testDatabase();
  const mailer = createMailer({ db, from: "Treiber <t@t.do>", log: app.log, logBodies: false });
  imports = createImportService({ db, mailer, geocoderUrl: undefined });
  office = (await createBranchOffice()).name;
});
afterAll(() => app.close());

const sheet = (rows: Record<string, string | null>[]) => memorySheet(EMPLOYEE_IMPORT_COLUMNS, rows);

async function employeesByCode(codes: string[]) {
  const { db } = await testDatabase();
  return db
    .select({ id: employees.id, code: employees.codeEmployee, email: users.email, name: employees.name })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      inArray(
        sql`lower(${employees.codeEmployee})`,
        codes.map((code) => code.toLowerCase()),
      ),
    );
}

describe("the employee import engine", () => {
  it("previews without writing, commits in one go, then updates by code", async () => {
    const rows = [employeeCells(office), employeeCells(office)];
    const codes = rows.map((row) => row.codeEmployee as string);
    const preview = await imports.employees.preview(sheet(rows), admin);
    expect(preview).toMatchObject({ dryRun: true, total: 2, valid: 2, invalid: 0, created: 2, updated: 0 });
    expect(await employeesByCode(codes)).toHaveLength(0);

    const commit = await imports.employees.commit(sheet(rows), admin);
    expect(commit.status).toBe(200);
    expect(commit.report).toMatchObject({ dryRun: false, created: 2, updated: 0 });
    expect(await employeesByCode(codes)).toHaveLength(2);

    const again = [{ ...rows[0], codeEmployee: codes[0]?.toUpperCase() ?? null, name: "Otra" }];
    const update = await imports.employees.commit(sheet(again), admin);
    expect(update.report).toMatchObject({ created: 0, updated: 1 });
    const stored = await employeesByCode(codes);
    expect(stored).toHaveLength(2);
    const first = stored.find((row) => row.code.toLowerCase() === codes[0]?.toLowerCase());
    expect(first).toMatchObject({ name: "Otra", email: rows[0]?.email });
  });

  it("refuses the whole file for one bad row: nothing written, no mail", async () => {
    const good = employeeCells(office);
    const bad = employeeCells(office, { telephone: "12" });
    const outcome = await imports.employees.commit(sheet([good, bad]), admin);
    expect(outcome.status).toBe(422);
    expect(outcome.report.errors).toEqual([{ row: 3, column: "Teléfono", message: "Teléfono incorrecto" }]);
    expect(await employeesByCode([good.codeEmployee as string])).toHaveLength(0);
    const { db } = await testDatabase();
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, good.email as string)),
    ).toHaveLength(0);
  });

  it("checks e-mails in use, branch offices and the peer rule against the database", async () => {
    const inactive = await createBranchOffice({ status: "inactive" });
    const taken = await createEmployee();
    const other = await createEmployee();
    const boss = await createEmployee({ role: "Admin" });
    const rows = [
      employeeCells(office, { email: other.user.email }),
      employeeCells("No existe"),
      employeeCells(` ${inactive.name.toUpperCase()} `),
      employeeCells(office, { codeEmployee: boss.employee.codeEmployee, email: boss.user.email }),
      employeeCells(office, { codeEmployee: taken.employee.codeEmployee, email: taken.user.email }),
    ];
    const report = await imports.employees.preview(sheet(rows), admin);
    expect(report.errors).toEqual([
      { row: 2, column: "Correo", message: IMPORT_MESSAGES.emailInUse },
      { row: 3, column: "Sucursal", message: IMPORT_MESSAGES.branchOfficeNotFound },
      { row: 4, column: "Sucursal", message: IMPORT_MESSAGES.branchOfficeInactive },
      { row: 5, column: "Código", message: IMPORT_MESSAGES.notCollaborator },
    ]);
    expect(report.rows.map((row) => row.action)).toEqual(["error", "error", "error", "error", "update"]);
    const asSuperAdmin = await imports.employees.preview(sheet(rows.slice(3)), superAdmin);
    expect(asSuperAdmin).toMatchObject({ invalid: 0, updated: 2 });
  });

  it("marks a later row repeating a code or an e-mail", async () => {
    const first = employeeCells(office);
    const rows = [
      first,
      employeeCells(office, { codeEmployee: ` ${String(first.codeEmployee).toLowerCase()}` }),
      employeeCells(office, { email: String(first.email).toUpperCase() }),
    ];
    const report = await imports.employees.preview(sheet(rows), admin);
    expect(report.errors).toEqual([
      { row: 3, column: "Código", message: IMPORT_MESSAGES.duplicateInFile("Código", 2) },
      { row: 4, column: "Correo", message: IMPORT_MESSAGES.duplicateInFile("Correo", 2) },
    ]);
  });

  it("two imports of the same people at once create each person once", async () => {
    const rows = Array.from({ length: 30 }, () => employeeCells(office));
    const codes = rows.map((row) => row.codeEmployee as string);
    const outcomes = await Promise.all([
      imports.employees.commit(sheet(rows), admin),
      imports.employees.commit(sheet(rows), admin),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200]);
    expect(outcomes.map((outcome) => outcome.report.created).sort()).toEqual([0, 30]);
    expect(await employeesByCode(codes)).toHaveLength(30);
  });
});
