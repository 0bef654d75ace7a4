/**
 * Issue 33: homes that look wrong import with a warning per row, never an error: in the sea, in
 * Haiti, in Miami, far from the branch office, with latitude and longitude swapped or the minus
 * missing, from the sheet or from the geocoder; comma decimals read as points, other commas explained.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { IMPORT_HOME_MAX_KM, IMPORT_MESSAGES, type ImportReport } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { greatCircleKm } from "@treiber/contract/geo";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees } from "../../src/db/schema.js";
import { homeWarnings } from "../../src/modules/imports/home-warnings.js";
import { csvOf, EMPLOYEE_IMPORT_COLUMNS, employeeCells, importForm } from "../helpers/import-factories.js";
import {
  buildTestApp,
  createBranchOffice,
  type SignedIn,
  signedInAs,
  testConfig,
  testDatabase,
  unique,
} from "../helpers/test-app.js";

/** The branch office: Santo Domingo. */
const SANTO_DOMINGO = { latitude: 18.4861, longitude: -69.9312 };
const SANTIAGO = { latitude: 19.4517, longitude: -70.697 };

/** A Nominatim stand-in that finds every address with «Santiago» in Santiago de los Caballeros. */
function startNominatim() {
  const server: Server = createServer((request, response) => {
    const q = new URL(request.url ?? "/", "http://localhost").searchParams.get("q") ?? "";
    const found = q.includes("Santiago")
      ? [
          {
            lat: String(SANTIAGO.latitude),
            lon: String(SANTIAGO.longitude),
            display_name: "Santiago",
            place_rank: 30,
          },
        ]
      : [];
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(found));
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

let app: FastifyInstance;
let admin: SignedIn;
let office: string;
let nominatim: Awaited<ReturnType<typeof startNominatim>>;

beforeAll(async () => {
  nominatim = await startNominatim();
  app = await buildTestApp({ config: testConfig({ GEOCODER_URL: nominatim.url }) });
  admin = await signedInAs(app, "Admin");
  office = (await createBranchOffice({ name: unique("Sede Santo Domingo "), ...SANTO_DOMINGO })).name;
});
afterAll(async () => {
  await app.close();
  await nominatim.close();
});

type Cells = Record<string, string | null>;
const csv = (rows: Cells[]) => csvOf(EMPLOYEE_IMPORT_COLUMNS, rows);
const send = (file: Buffer, dryRun: boolean) =>
  app.inject({
    method: "POST",
    url: `${API.employee.import.path}${dryRun ? "?dryRun=true" : ""}`,
    headers: admin.headers,
    payload: importForm(file),
  });
const report = (response: LightMyRequestResponse) => response.json() as ImportReport;
const at = (latitude: string, longitude: string, cells: Cells = {}) =>
  employeeCells(office, { latitude, longitude, ...cells });
const codesOf = (report: ImportReport, row: number) =>
  report.rows.find((item) => item.row === row)?.warnings?.map((warning) => warning.code);

describe("home warnings on import", () => {
  it("flags the sea, Haiti, Miami, a far city, swapped coordinates and a lost minus; they import all the same", async () => {
    const rows = [
      at("18.50", "-69.95"), // 2: a home in Santo Domingo
      at("18.20", "-69.90"), // 3: the Caribbean, 32 km south
      at("18.5944", "-72.3074"), // 4: Port-au-Prince
      at("25.7617", "-80.1918"), // 5: Miami
      at(String(SANTIAGO.latitude), String(SANTIAGO.longitude)), // 6: Santiago, 134 km away
      at("-69.95", "18.50"), // 7: swapped
      at("18.50", "69.95"), // 8: the longitude's minus missing
      at("69.95", "18.50"), // 9: swapped and without the minus
    ];
    const preview = await send(csv(rows), true);
    expect(preview.statusCode, preview.body).toBe(200);
    const checked = report(preview);
    expect(checked).toMatchObject({ total: 8, valid: 8, invalid: 0, created: 8, warned: 7 });
    expect(checked.rows.find((row) => row.row === 2)?.warnings).toBeUndefined();
    expect(codesOf(checked, 3)).toEqual(["outsideCountry"]);
    expect(codesOf(checked, 4)).toEqual(["outsideCountry", "farFromOffice"]);
    expect(codesOf(checked, 5)).toEqual(["outsideCountry", "farFromOffice"]);
    expect(codesOf(checked, 6)).toEqual(["farFromOffice"]);
    const santiagoKm = Math.round(greatCircleKm(SANTIAGO, SANTO_DOMINGO));
    expect(santiagoKm).toBeGreaterThan(IMPORT_HOME_MAX_KM);
    expect(checked.rows.find((row) => row.row === 6)?.warnings).toEqual([
      { code: "farFromOffice", message: IMPORT_MESSAGES.homeFar(santiagoKm, office) },
    ]);
    expect(checked.rows.find((row) => row.row === 7)?.warnings).toEqual([
      { code: "swapped", message: IMPORT_MESSAGES.homeSwapped(18.5, -69.95) },
    ]);
    expect(checked.rows.find((row) => row.row === 8)?.warnings).toEqual([
      { code: "missingMinus", message: IMPORT_MESSAGES.homeMissingMinus(18.5, -69.95) },
    ]);
    expect(checked.rows.find((row) => row.row === 9)?.warnings).toEqual([
      { code: "swapped", message: IMPORT_MESSAGES.homeSwapped(18.5, -69.95) },
    ]);
    expect(checked.errors).toEqual([]);

    // Warnings never block: the commit writes every row, the points as typed.
    const done = await send(csv(rows), false);
    expect(done.statusCode, done.body).toBe(200);
    expect(report(done)).toMatchObject({ created: 8, warned: 7 });
    const { db } = await testDatabase();
    const [miami] = await db
      .select({ latitude: employees.latitude, longitude: employees.longitude })
      .from(employees)
      .where(eq(employees.codeEmployee, String(rows[3]?.codeEmployee)));
    expect(miami).toEqual({ latitude: 25.7617, longitude: -80.1918 });
  });

  it("checks a geocoded home too (far from its office), never as swapped", async () => {
    const row = employeeCells(office, { address: `Calle ${unique()} , Santiago` });
    const checked = report(await send(csv([row]), true));
    const item = checked.rows[0];
    expect(item?.location).toMatchObject({ source: "geocoded", latitude: SANTIAGO.latitude });
    expect(item?.warnings?.map((warning) => warning.code)).toEqual(["farFromOffice"]);
  });

  it("only checks the country when the branch office has no point", async () => {
    const bare = (await createBranchOffice()).name;
    const checked = report(
      await send(
        csv([
          employeeCells(bare, { latitude: String(SANTIAGO.latitude), longitude: String(SANTIAGO.longitude) }),
          employeeCells(bare, { latitude: "25.7617", longitude: "-80.1918" }),
        ]),
        true,
      ),
    );
    expect(codesOf(checked, 2)).toBeUndefined();
    expect(codesOf(checked, 3)).toEqual(["outsideCountry"]);
  });

  it("reads comma decimals as points, and explains any other comma", async () => {
    const comma = at("18,4861", "-69,9312");
    const thousands = at("18.486,1", "-69.93");
    const checked = report(await send(csv([comma, thousands]), true));
    expect(checked.rows[0]).toMatchObject({
      action: "create",
      location: { source: "sheet", latitude: 18.4861, longitude: -69.9312 },
    });
    expect(checked.rows[0]?.warnings).toBeUndefined();
    expect(checked.errors).toEqual([
      { row: 3, column: "Latitud", message: IMPORT_MESSAGES.decimalComma("Latitud") },
    ]);
  });
});

describe("homeWarnings", () => {
  const sd = { name: "Santo Domingo", ...SANTO_DOMINGO };
  const inCountry = [
    [18.4861, -69.9312], // Santo Domingo
    [19.4517, -70.697], // Santiago
    [18.58, -68.4], // Punta Cana
    [19.79, -70.69], // Puerto Plata
    [18.21, -71.1], // Barahona
    [18.04, -71.74], // Pedernales, on the border
    [19.55, -71.71], // Dajabón, on the border
    [18.49, -71.85], // Jimaní, on the border
    [19.205, -69.33], // Samaná
    [18.13, -68.73], // Isla Saona
    [19.85, -71.65], // Monte Cristi
  ] as const;
  const abroad = [
    [18.54, -72.34], // Port-au-Prince
    [19.76, -72.2], // Cap-Haïtien
    [19.15, -72.01], // Hinche
    [18.46, -66.1], // San Juan, Puerto Rico
    [17.5, -69.9], // the Caribbean
    [20.2, -70.5], // the Atlantic
    [19.13, -69.4], // Samaná bay
  ] as const;

  it("knows the country's land from the sea and Haiti (a coarse outline)", () => {
    for (const [latitude, longitude] of inCountry) {
      const warnings = homeWarnings({ latitude, longitude }, undefined, true);
      expect(warnings, `${latitude}, ${longitude}`).toEqual([]);
    }
    for (const [latitude, longitude] of abroad) {
      const warnings = homeWarnings({ latitude, longitude }, undefined, false);
      expect(
        warnings.map((warning) => warning.code),
        `${latitude}, ${longitude}`,
      ).toEqual(["outsideCountry"]);
    }
  });

  it("measures the straight-line distance to the branch office", () => {
    expect(greatCircleKm(SANTO_DOMINGO, SANTO_DOMINGO)).toBe(0);
    expect(greatCircleKm({ latitude: 18, longitude: -70 }, { latitude: 19, longitude: -70 })).toBeCloseTo(
      111.2,
      1,
    );
    expect(homeWarnings({ latitude: 18.45, longitude: -69.67 }, sd, true)).toEqual([]);
    expect(homeWarnings(SANTIAGO, sd, true).map((warning) => warning.code)).toEqual(["farFromOffice"]);
  });
});
