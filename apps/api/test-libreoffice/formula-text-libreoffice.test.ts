/**
 * Issue 24, item 4, as LibreOffice sees it: text such as `=1+1` in an export, the import template
 * and the import error file stays that text when the file is opened and saved as CSV (a formula
 * would come out as its result, 2). Needs LibreOffice: `npm run test:libreoffice`.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { EMPLOYEE_IMPORT_COLUMNS } from "@treiber/contract";
import { API_PREFIX } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suppliers } from "../src/db/schema.js";
import { writeImportErrors } from "../src/lib/import/write-import-errors.js";
import { writeImportTemplate } from "../src/lib/import/write-import-template.js";
import { createFixedScenario } from "../test/helpers/reporting-factories.js";
import { buildTestApp, signedInAs, testDatabase, unique } from "../test/helpers/test-app.js";
import { written } from "../test/imports/reader/fixtures.js";

const run = promisify(execFile);
const FORMULA = "=1+1";
/** A cell that starts with `=1+1`, quoted or not, in a CSV line (a formula would show 2). */
const LITERAL = /(^|,)"?=1\+1/m;

let app: FastifyInstance;
let dir: string;
let supplierName: string;
const csvOf = new Map<string, string>();

beforeAll(async () => {
  app = await buildTestApp();
  const admin = await signedInAs(app, "Admin");
  const scenario = await createFixedScenario();
  const { db } = await testDatabase();
  // The supplier's name is read live by the report (a route's name is the trip's copy).
  supplierName = `${FORMULA} ${unique("")}`;
  await db.update(suppliers).set({ name: supplierName }).where(eq(suppliers.id, scenario.s1.supplier.id));
  const report = await app.inject({
    method: "GET",
    url: `${API_PREFIX}/Route/report/excel?${scenario.range}`,
    headers: { ...admin.headers, gmt: String(scenario.gmt) },
  });
  expect(report.statusCode, report.body.slice(0, 300)).toBe(200);

  const files: Record<string, Buffer> = {
    "ReporteRutas.xlsx": report.rawPayload,
    "PlantillaColaboradores.xlsx": await written((output) =>
      writeImportTemplate(output, {
        fileName: "PlantillaColaboradores.xlsx",
        columns: EMPLOYEE_IMPORT_COLUMNS,
        listName: "Sucursal",
        listValues: [FORMULA],
      }),
    ),
    "Errores.xlsx": await written((output) =>
      writeImportErrors(output, {
        fileName: "Errores.xlsx",
        columns: EMPLOYEE_IMPORT_COLUMNS,
        rows: [
          {
            row: 2,
            values: {
              codeEmployee: "E-1",
              name: FORMULA,
              lastname: "+1",
              email: "-1",
              telephone: "@SUM(A1)",
            },
            cellErrors: [],
            errors: [{ row: 2, column: "Teléfono", message: "Teléfono incorrecto" }],
          },
        ],
      }),
    ),
  };
  dir = await mkdtemp(join(tmpdir(), "treiber-lo-formula-"));
  for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, name), bytes);
  await run(
    "soffice",
    [
      `-env:UserInstallation=file://${join(dir, "profile")}`,
      "--headless",
      "--norestore",
      "--convert-to",
      "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true",
      "--outdir",
      join(dir, "csv"),
      ...Object.keys(files).map((name) => join(dir, name)),
    ],
    { timeout: 120_000 },
  );
  for (const name of Object.keys(files)) {
    csvOf.set(name, await readFile(join(dir, "csv", name.replace(/\.xlsx$/, ".csv")), "utf8"));
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
  if (dir && !process.env.KEEP_LO) await rm(dir, { recursive: true, force: true });
});

describe("formula-like text in LibreOffice", () => {
  it.each(["ReporteRutas.xlsx", "PlantillaColaboradores.xlsx", "Errores.xlsx"])(
    "%s keeps =1+1 literally when saved as CSV",
    (name) => {
      expect(csvOf.get(name) ?? "").toMatch(LITERAL);
    },
  );

  it("the report's supplier cell is the supplier's name, as written", () => {
    const cells = (csvOf.get("ReporteRutas.xlsx") ?? "").split(/\r?\n/).flatMap((line) => line.split(","));
    expect(cells.map((cell) => cell.replace(/"/g, ""))).toContain(supplierName);
  });

  it("the error file keeps +1, -1 and @SUM(A1) as written", () => {
    const line = (csvOf.get("Errores.xlsx") ?? "").split(/\r?\n/)[1] ?? "";
    for (const text of ["+1", "-1", "@SUM(A1)"])
      expect(line.split(",").map((cell) => cell.replace(/"/g, ""))).toContain(text);
  });
});
