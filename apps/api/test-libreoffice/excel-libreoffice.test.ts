/**
 * Every Excel export opened by LibreOffice (`soffice --headless --convert-to csv`), the check the
 * product asks for ("they must open in LibreOffice and Excel without repair prompts") and that
 * exceljs reading its own files cannot give. Also parses every XML part of each file with a strict
 * parser (a malformed part is what makes Excel offer to repair a file). Needs LibreOffice
 * (`apt-get install libreoffice-calc-nogui`): `npm run test:libreoffice`; CI installs it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { API, API_PREFIX, apiPath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import JSZip from "jszip";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXCEL_EXPORTS, jsonPathOf } from "../test/helpers/excel-exports.js";
import { createFixedScenario, cutDate, type FixedScenario } from "../test/helpers/reporting-factories.js";
import { buildTestApp, type SignedIn, signedInAs } from "../test/helpers/test-app.js";

const run = promisify(execFile);

let app: FastifyInstance;
let admin: SignedIn;
let scenario: FixedScenario;
let cutId: number;
let dir: string;
const csvOf = new Map<string, string[][]>();
const totalOf = new Map<string, number>();
const itemsOf = new Map<string, number>();

/** A minimal CSV reader for LibreOffice's output (comma, double quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  scenario = await createFixedScenario();
  const cut = await app.inject({
    method: "POST",
    url: apiPath(API.cut.create),
    headers: admin.headers,
    payload: { sinceDate: cutDate(scenario.from.getTime()), untilDate: cutDate(scenario.to.getTime()) },
  });
  expect(cut.statusCode, cut.body).toBe(201);
  cutId = cut.json().id;

  dir = await mkdtemp(join(tmpdir(), "treiber-lo-"));
  const headers = { ...admin.headers, gmt: String(scenario.gmt) };
  for (const [path, fileName] of EXCEL_EXPORTS) {
    const query = path.startsWith("Cut/") ? `cutId=${cutId}` : scenario.range;
    const file = await app.inject({ method: "GET", url: `${API_PREFIX}/${path}?${query}`, headers });
    expect(file.statusCode, file.body.slice(0, 300)).toBe(200);
    await writeFile(join(dir, fileName), file.rawPayload);
    const jsonPath = jsonPathOf(path);
    const json = await app.inject({
      method: "GET",
      url: `${API_PREFIX}/${jsonPath}?${query}&amount=100`,
      headers,
    });
    expect(json.statusCode).toBe(200);
    totalOf.set(fileName, json.json().data.total);
    itemsOf.set(fileName, json.json().data.items.length);
  }
  // One LibreOffice start for every file (it takes seconds); its own profile in the temp folder.
  await run(
    "soffice",
    [
      `-env:UserInstallation=file://${join(dir, "profile")}`,
      "--headless",
      "--norestore",
      "--convert-to",
      // Comma, double quotes, UTF-8, from line 1, …, cell contents as shown (formats applied).
      "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true",
      "--outdir",
      join(dir, "csv"),
      ...EXCEL_EXPORTS.map(([, fileName]) => join(dir, fileName)),
    ],
    { timeout: 120_000 },
  );
  for (const [, fileName] of EXCEL_EXPORTS) {
    const text = await readFile(join(dir, "csv", fileName.replace(/\.xlsx$/, ".csv")), "utf8");
    csvOf.set(fileName, parseCsv(text));
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
  if (dir && !process.env.KEEP_LO) await rm(dir, { recursive: true, force: true });
});

describe("Excel exports in LibreOffice", () => {
  it.each(EXCEL_EXPORTS)(
    "%s: LibreOffice reads %s with its title, header, rows and totals",
    (_path, fileName, title, money) => {
      const rows = csvOf.get(fileName) ?? [];
      expect(rows[0]?.[0]).toBe(title);
      expect(rows[1]?.[0]).toBe("Desde");
      const headerAt = rows.findIndex((row) => row.includes(money) && row.length > 2);
      expect(headerAt).toBeGreaterThan(1);
      const lines = rows.slice(headerAt + 1).filter((row) => row.some((cell) => cell !== ""));
      const totals = lines.at(-1) ?? [];
      expect(totals[0]).toBe("Total");
      expect(lines.length - 1).toBe(itemsOf.get(fileName));
      // Shown as formatted money (e.g. "US$90.00"): the digits are the total in cents.
      const moneyCell = totals[(rows[headerAt] ?? []).indexOf(money)] ?? "";
      expect(moneyCell).toContain("US$");
      expect(Number(moneyCell.replace(/\D/g, ""))).toBe(
        Math.round((totalOf.get(fileName) ?? Number.NaN) * 100),
      );
    },
  );

  it.each(EXCEL_EXPORTS)("%s: every XML part of %s is well-formed", async (_path, fileName) => {
    const zip = await JSZip.loadAsync(await readFile(join(dir, fileName)));
    const parts = Object.values(zip.files).filter((entry) => !entry.dir && /\.(xml|rels)$/.test(entry.name));
    expect(parts.map((part) => part.name)).toEqual(
      expect.arrayContaining([
        "[Content_Types].xml",
        "xl/workbook.xml",
        "xl/styles.xml",
        "xl/worksheets/sheet1.xml",
      ]),
    );
    for (const part of parts) {
      const parser = new SaxesParser();
      let error: Error | undefined;
      parser.on("error", (e) => {
        error ??= e;
      });
      parser.write(await part.async("string")).close();
      expect(error, `${fileName} ${part.name}`).toBeUndefined();
    }
  });
});
