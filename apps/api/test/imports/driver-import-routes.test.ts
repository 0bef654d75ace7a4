/**
 * `Driver/import*` over HTTP (issue 24): matched by Cédula (with or without hyphens), of a supplier
 * by name, the cédula's check digit, e-mails of other accounts, the template and the error file.
 */
import { IMPORT_MESSAGES, type ImportReport } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, users } from "../../src/db/schema.js";
import {
  cardDigits,
  csvOf,
  DRIVER_IMPORT_COLUMNS,
  driverCells,
  hyphenated,
  importForm,
} from "../helpers/import-factories.js";
import { createEmployee } from "../helpers/people-factories.js";
import {
  buildTestApp,
  createSupplier,
  type SignedIn,
  signedInAs,
  testDatabase,
} from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
let supplier: string;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  supplier = (await createSupplier()).name;
});
afterAll(() => app.close());

const csv = (rows: Record<string, string | null>[]) => csvOf(DRIVER_IMPORT_COLUMNS, rows);
const post = (url: string, file: Buffer, session: SignedIn | null = admin) =>
  app.inject({ method: "POST", url, headers: session?.headers ?? {}, payload: importForm(file) });
const report = (response: LightMyRequestResponse) => response.json() as ImportReport;

async function storedByCard(card: string) {
  const { db } = await testDatabase();
  return db
    .select({ name: drivers.name, capacity: drivers.vehicleCapacity, email: users.email, role: users.role })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.identityCard, card));
}

describe("Driver/import", () => {
  it("401 anonymous, 403 collaborators and drivers", async () => {
    const file = csv([driverCells(supplier)]);
    const [collaborator, driver] = await Promise.all([
      signedInAs(app, "Collaborator"),
      signedInAs(app, "Driver"),
    ]);
    for (const path of [API.driver.import.path, API.driver.importErrors.path]) {
      expect((await post(path, file, null)).statusCode).toBe(401);
      expect((await post(path, file, collaborator)).statusCode).toBe(403);
      expect((await post(path, file, driver)).statusCode).toBe(403);
    }
    const template = (session?: SignedIn) =>
      app.inject({ method: "GET", url: API.driver.importTemplate.path, headers: session?.headers ?? {} });
    expect((await template()).statusCode).toBe(401);
    expect((await template(driver)).statusCode).toBe(403);
  });

  it("creates, then updates by Cédula written either way, never twice", async () => {
    const digits = cardDigits();
    const row = driverCells(supplier, { identityCard: digits });
    const preview = await post(`${API.driver.import.path}?dryRun=true`, csv([row]));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(report(preview).rows).toEqual([
      { row: 2, action: "create", key: hyphenated(digits), name: "Pedro Importado", location: null },
    ]);
    expect((await post(API.driver.import.path, csv([row]))).statusCode).toBe(200);
    expect(await storedByCard(hyphenated(digits))).toMatchObject([{ role: "Driver", capacity: 25 }]);

    const again = await post(
      API.driver.import.path,
      csv([{ ...row, identityCard: hyphenated(digits), vehicleCapacity: "30", name: "Pablo" }]),
    );
    expect(report(again)).toMatchObject({ created: 0, updated: 1 });
    expect(await storedByCard(hyphenated(digits))).toMatchObject([{ name: "Pablo", capacity: 30 }]);
  });

  it("refuses a wrong check digit, repeats, other accounts' e-mails, unknown and inactive suppliers", async () => {
    const inactive = await createSupplier({ status: "inactive" });
    const collaborator = await createEmployee();
    const digits = cardDigits();
    const wrong = `${digits.slice(0, 10)}${(Number(digits[10]) + 1) % 10}`;
    const rows = [
      driverCells(supplier, { identityCard: digits }),
      driverCells(supplier, { identityCard: hyphenated(digits) }),
      driverCells(supplier, { identityCard: wrong }),
      driverCells(supplier, { email: collaborator.user.email }),
      driverCells("Suplidor que no existe"),
      driverCells(inactive.name.toLowerCase()),
      driverCells(supplier, { vehicleCapacity: "0" }),
    ];
    const refused = await post(API.driver.import.path, csv(rows));
    expect(refused.statusCode).toBe(422);
    expect(report(refused).errors).toEqual([
      { row: 3, column: "Cédula", message: IMPORT_MESSAGES.duplicateInFile("Cédula", 2) },
      { row: 4, column: "Cédula", message: "Cédula incorrecta (dígito verificador)" },
      { row: 5, column: "Correo", message: IMPORT_MESSAGES.emailInUse },
      { row: 6, column: "Suplidor", message: IMPORT_MESSAGES.supplierNotFound },
      { row: 7, column: "Suplidor", message: IMPORT_MESSAGES.supplierInactive },
      { row: 8, column: "Capacidad", message: "La capacidad debe ser un número entero entre 1 y 120" },
    ]);
    expect(await storedByCard(hyphenated(digits))).toHaveLength(0);
  });

  it("the template lists the active suppliers; the error file holds the invalid rows", async () => {
    const template = await app.inject({
      method: "GET",
      url: API.driver.importTemplate.path,
      headers: admin.headers,
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers["content-disposition"]).toContain("PlantillaChoferes.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const texts = workbook.worksheets.flatMap((sheet) =>
      sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? row.map(String) : [])),
    );
    expect(texts).toContain(supplier);
    expect(texts).toEqual(expect.arrayContaining(DRIVER_IMPORT_COLUMNS.map((column) => column.header)));

    const errors = await post(API.driver.importErrors.path, csv([driverCells(supplier, { telephone: "x" })]));
    expect(errors.statusCode).toBe(200);
    expect(errors.headers["content-disposition"]).toContain("ErroresChoferes.xlsx");
  });
});
