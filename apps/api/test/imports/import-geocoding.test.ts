/**
 * Homes on import: Latitud/Longitud, the address geocoded by a local stand-in that speaks
 * Nominatim's JSON (the real service is external), the cache, rows the admin did not accept, a
 * failed lookup, a kept home; the «Sin ubicación» list and the planner see the rows without one.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ImportReport, PlanningContext } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees } from "../../src/db/schema.js";
import type { AuthUser } from "../../src/lib/auth-user.js";
import { createMailer } from "../../src/mail/mailer.js";
import { createImportService, type ImportService } from "../../src/modules/imports/import-service.js";
import { EMPLOYEE_IMPORT_COLUMNS, employeeCells, memorySheet } from "../helpers/import-factories.js";
import { planningSetting } from "../helpers/planning-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase, unique } from "../helpers/test-app.js";

const CHURCHILL = {
  lat: "18.4655",
  lon: "-69.9388",
  display_name: "Avenida Winston Churchill 95, Piantini, Santo Domingo",
};

/** A Nominatim stand-in: /search?q=…&format=jsonv2&limit=1; counts what it is asked. */
function startNominatim() {
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const q = url.searchParams.get("q") ?? "";
    asked.push(q);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname !== "/search" || url.searchParams.get("format") !== "jsonv2") return json(400, []);
    if (q.includes("Churchill")) return json(200, [{ ...CHURCHILL, place_rank: 30, importance: 0.21 }]);
    if (q.includes("Naco"))
      return json(200, [{ lat: "18.4722", lon: "-69.9317", display_name: "Naco", place_rank: 22 }]);
    if (q.includes("Roto")) return json(500, { error: "down" });
    if (q.includes("Lento")) return void setTimeout(() => json(200, []), 6_000);
    return json(200, []);
  });
  return new Promise<{ url: string; asked: string[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        asked,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

let app: FastifyInstance;
let admin: SignedIn;
let imports: ImportService;
let nominatim: Awaited<ReturnType<typeof startNominatim>>;
const caller: AuthUser = { id: 0, role: "Admin" };

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  nominatim = await startNominatim();
  const { db } = await testDatabase();
  const mailer = createMailer({ db, from: "Treiber <t@t.do>", log: app.log, logBodies: false });
  imports = createImportService({ db, mailer, geocoderUrl: nominatim.url, geocoder: { timeoutMs: 2_000 } });
});
afterAll(async () => {
  await nominatim.close();
  await app.close();
});

const sheet = (rows: Record<string, string | null>[]) => memorySheet(EMPLOYEE_IMPORT_COLUMNS, rows);
const locationOf = (report: ImportReport, row: number) =>
  report.rows.find((item) => item.row === row)?.location;

async function storedHome(code: string) {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ address: employees.address, latitude: employees.latitude, longitude: employees.longitude })
    .from(employees)
    .where(eq(employees.codeEmployee, code));
  return row;
}

describe("homes on import", () => {
  it("takes Latitud/Longitud, geocodes the Dirección once (cached), and imports the rest without a location", async () => {
    const { office, shift } = await planningSetting();
    const tag = unique("Casa");
    const rows = [
      employeeCells(office.name, { address: "Calle Sin Mapa 1", latitude: "18.5001", longitude: "-69.9002" }),
      employeeCells(office.name, { address: `Av. Winston Churchill 95 ${tag}` }),
      employeeCells(office.name, { address: `Nada por aquí ${tag}` }),
      employeeCells(office.name, { address: `Servicio Roto ${tag}` }),
      employeeCells(office.name, { address: `Av. Winston Churchill 95 ${tag}` }),
      employeeCells(office.name, { address: `Calle Lento ${tag}` }),
      employeeCells(office.name),
    ];
    const codes = rows.map((row) => row.codeEmployee as string);

    const preview = await imports.employees.preview(sheet(rows), caller);
    expect(preview.invalid).toBe(0);
    expect(locationOf(preview, 2)).toEqual({
      source: "sheet",
      latitude: 18.5001,
      longitude: -69.9002,
      confidence: null,
      label: null,
    });
    expect(locationOf(preview, 3)).toEqual({
      source: "geocoded",
      latitude: 18.4655,
      longitude: -69.9388,
      confidence: 0.9,
      label: CHURCHILL.display_name,
    });
    expect(locationOf(preview, 6)).toEqual(locationOf(preview, 3));
    for (const row of [4, 5, 7, 8]) expect(locationOf(preview, row)?.source, `row ${row}`).toBe("none");
    // One question per distinct address; the Churchill row twice in the file is asked once.
    expect(nominatim.asked.filter((q) => q.includes(tag))).toHaveLength(4);

    // The commit after the preview: the cache answers; the miss is remembered, the failures are not.
    const before = nominatim.asked.length;
    const commit = await imports.employees.commit(sheet(rows), caller, { skipGeocode: new Set([6]) });
    expect(commit.status).toBe(200);
    const askedAgain = nominatim.asked.slice(before);
    expect(askedAgain.some((q) => q.includes("Churchill") || q.includes("Nada"))).toBe(false);
    expect(askedAgain.filter((q) => q.includes("Roto") || q.includes("Lento"))).toHaveLength(2);
    expect(locationOf(commit.report, 6)?.source, "not accepted by the admin").toBe("none");

    expect(await storedHome(codes[0] as string)).toEqual({
      address: "Calle Sin Mapa 1",
      latitude: 18.5001,
      longitude: -69.9002,
    });
    expect(await storedHome(codes[1] as string)).toMatchObject({ latitude: 18.4655, longitude: -69.9388 });
    expect(await storedHome(codes[2] as string)).toEqual({
      address: `Nada por aquí ${tag}`,
      latitude: null,
      longitude: null,
    });
    expect(await storedHome(codes[4] as string)).toMatchObject({ latitude: null, longitude: null });
    expect(await storedHome(codes[6] as string)).toEqual({ address: null, latitude: null, longitude: null });

    // «Sin ubicación»: the list's filter and the planner's riders.
    const missing = await app.inject({
      method: "GET",
      url: `${API.employee.list.path}?location=missing&amount=100&criterion=Importada`,
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(200);
    const listed = new Set(missing.json().list.map((item: { codeEmployee: string }) => item.codeEmployee));
    for (const index of [2, 3, 4, 5, 6]) expect(listed.has(codes[index]), `row ${index + 2}`).toBe(true);
    for (const index of [0, 1]) expect(listed.has(codes[index]), `row ${index + 2}`).toBe(false);
    const wrongFilter = await app.inject({
      method: "GET",
      url: `${API.employee.list.path}?location=somewhere`,
      headers: admin.headers,
    });
    expect(wrongFilter.statusCode).toBe(400);

    const context = await app.inject({
      method: "GET",
      url: `${API.planning.context.path}?shiftId=${shift.id}`,
      headers: admin.headers,
    });
    expect(context.statusCode, context.body).toBe(200);
    const riders = (context.json() as PlanningContext).riders;
    const unplaced = riders.filter((rider) => rider.latitude === null).map((rider) => rider.codeEmployee);
    expect(unplaced).toEqual(expect.arrayContaining([codes[2], codes[3], codes[6]]));
    expect(riders.find((rider) => rider.codeEmployee === codes[1])?.latitude).toBe(18.4655);
  });

  it("an update without coordinates keeps the stored home unless the address changes", async () => {
    const { office } = await planningSetting();
    const tag = unique("Casa");
    const first = employeeCells(office.name, { address: `Av. Winston Churchill 95 ${tag}` });
    expect((await imports.employees.commit(sheet([first]), caller)).status).toBe(200);
    const code = first.codeEmployee as string;

    const before = nominatim.asked.length;
    const same = await imports.employees.commit(
      sheet([{ ...first, address: null, name: "Renombrada" }]),
      caller,
    );
    expect(same.report.rows[0]?.location).toMatchObject({ source: "unchanged", latitude: 18.4655 });
    const sameAddress = await imports.employees.preview(sheet([first]), caller);
    expect(sameAddress.rows[0]?.location?.source).toBe("unchanged");
    expect(nominatim.asked.length, "a kept home is not looked up").toBe(before);
    expect(await storedHome(code)).toEqual({
      address: `Av. Winston Churchill 95 ${tag}`,
      latitude: 18.4655,
      longitude: -69.9388,
    });

    const moved = await imports.employees.commit(
      sheet([{ ...first, address: `Calle Naco 3 ${tag}` }]),
      caller,
    );
    expect(moved.report.rows[0]?.location).toMatchObject({
      source: "geocoded",
      latitude: 18.4722,
      confidence: 0.5,
    });
    expect(await storedHome(code)).toEqual({
      address: `Calle Naco 3 ${tag}`,
      latitude: 18.4722,
      longitude: -69.9317,
    });
  });
});
