import { type Role, SUPPLIER_ROLE } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import ExcelJS from "exceljs";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteAccess } from "../../src/plugins/access.js";
import { createIncident } from "../helpers/incident-factories.js";
import {
  apiDate,
  createRoute,
  createSupplierDriver,
  createTrip,
  DAY,
  HOUR,
  uniqueDay,
} from "../helpers/reporting-factories.js";
import { createSupplierUser } from "../helpers/supplier-portal-factories.js";
import { buildTestApp, type SignedIn, signedInAs, unique } from "../helpers/test-app.js";

/**
 * Never another supplier's rows (issue 37, decision 0077): two suppliers, each with a driver, a
 * finished trip and an incident on it; a Supplier user of A reads every list and report the portal
 * opens and never meets B (its supplier's and driver's names are unique markers), and B's trip
 * answers 404. The generic walk covers every GET open to the Supplier role, the portal operations
 * other modules add (documents, disputes, cuts) included.
 */

const app = await buildTestApp();
type Side = Awaited<ReturnType<typeof createSide>>;
let day: number;
let a: Side;
let b: Side;
let supplierA: SignedIn;
let admin: SignedIn;
let range: string;

async function createSide(label: string) {
  const marker = unique(`Marca${label}`);
  const { driver, supplier } = await createSupplierDriver({
    supplierName: `Transporte ${marker}`,
    name: marker,
  });
  const route = await createRoute({ name: `Ruta ${marker}` });
  const trip = await createTrip({
    routeId: route.id,
    driver,
    cost: "1500.00",
    startedAt: new Date(day + 8 * HOUR),
    endedAt: new Date(day + 9 * HOUR),
  });
  const incident = await createIncident({
    type: "OFF_ROUTE",
    openedAt: new Date(day + 8 * HOUR + 30 * 60_000),
    intermediateRouteId: trip.id,
    driverId: driver.id,
    supplierId: supplier.id,
  });
  // A trip in progress too (the control room's current list), started now.
  const current = await createTrip({ routeId: route.id, driver, cost: "1500.00", startedAt: new Date() });
  return { marker, driver, supplier, trip, incident, current };
}

beforeAll(async () => {
  day = await uniqueDay();
  range = `sinceDate=${apiDate(day)}&untilDate=${apiDate(day + DAY)}`;
  a = await createSide("A");
  b = await createSide("B");
  supplierA = await createSupplierUser(app, a.supplier.id);
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const get = (session: SignedIn, url: string) =>
  app.inject({ method: "GET", url, headers: { ...session.headers, gmt: "0" } } satisfies InjectOptions);

/** Every text of a response: its JSON body, or every cell of an Excel workbook. */
async function textOf(response: LightMyRequestResponse) {
  const type = String(response.headers["content-type"] ?? "");
  if (!type.includes("spreadsheetml")) return response.body;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of workbook.worksheets) {
    sheet.eachRow((row) => {
      cells.push(JSON.stringify(row.values));
    });
  }
  return cells.join("\n");
}

describe("a Supplier user sees only its own supplier's rows", () => {
  it("Driver/list, Driver/listName and Driver/withSupplier/list: its drivers (and their vehicles) only", async () => {
    const list = await get(supplierA, `${API.driver.list.path}?amount=100`);
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().list as { id: number; supplierId: number }[];
    expect(items.map((item) => item.id)).toContain(a.driver.id);
    expect(items.every((item) => item.supplierId === a.supplier.id)).toBe(true);
    expect(list.json().amount).toBe(items.length);

    const names = (await get(supplierA, API.driver.listName.path)).json() as { id: number }[];
    expect(names.map((name) => name.id)).toEqual([a.driver.id]);

    const withSupplier = (await get(supplierA, API.driver.withSupplierList.path)).json() as {
      id: number;
      supplierId: number | null;
    }[];
    expect(withSupplier.map((row) => row.id)).toEqual([0, a.driver.id]);

    // The admins' view is unchanged: both suppliers' drivers.
    const all = (await get(admin, API.driver.withSupplierList.path)).json() as { id: number }[];
    expect(all.map((row) => row.id)).toEqual(expect.arrayContaining([a.driver.id, b.driver.id]));
  });

  it("Supplier/listName: its own supplier only", async () => {
    const names = (await get(supplierA, API.supplier.listName.path)).json();
    expect(names).toEqual([{ id: a.supplier.id, name: a.supplier.name }]);
  });

  it("IntermediateRoute/history: its trips; B's trip sheet and detail answer 404, A's 200", async () => {
    const history = await get(supplierA, `${API.intermediateRoute.history.path}?${range}&amount=100`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.map((trip: { id: number }) => trip.id)).toEqual([a.trip.id]);
    const asAdmin = await get(admin, `${API.intermediateRoute.history.path}?${range}&amount=100`);
    expect(
      asAdmin
        .json()
        .data.map((trip: { id: number }) => trip.id)
        .sort(),
    ).toEqual([a.trip.id, b.trip.id].sort());

    for (const path of [API.intermediateRoute.sheet.path, API.intermediateRoute.detail.path]) {
      const own = await get(supplierA, `${path}?intermediateRouteId=${a.trip.id}`);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().id).toBe(a.trip.id);
      const other = await get(supplierA, `${path}?intermediateRouteId=${b.trip.id}`);
      expect(other.statusCode, `${path} ${other.body}`).toBe(404);
      expect(other.body).not.toContain(b.marker);
      // An unknown trip answers the same: nothing tells B's apart.
      const unknown = await get(supplierA, `${path}?intermediateRouteId=999999999`);
      expect(unknown.json().message).toBe(other.json().message);
    }
  });

  it("IntermediateRoute/currentList: its trips in progress only, whatever the search", async () => {
    for (const criterion of [a.marker, b.marker, "Transporte"]) {
      const response = await get(
        supplierA,
        `${API.intermediateRoute.currentList.path}?amount=100&criterion=${encodeURIComponent(criterion)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const ids = response.json().list.map((trip: { id: number }) => trip.id);
      expect(ids, criterion).toEqual(criterion === b.marker ? [] : [a.current.id]);
    }
  });

  it("Incident/list: its incidents only", async () => {
    const response = await get(supplierA, `${API.incident.list.path}?${range}&amount=100`);
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().list.map((incident: { id: number }) => incident.id);
    expect(ids).toEqual([a.incident.id]);
    expect(response.json().openCount).toBe(1);
  });

  it("Incident/report, its incidents and Excel: on-time figures of its supplier, even when asking for B's", async () => {
    for (const query of [range, `${range}&supplierId=${b.supplier.id}`]) {
      const report = await get(supplierA, `${API.incident.report.path}?${query}`);
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json().totals).toMatchObject({ trips: 1, incidents: 1 });
      expect(report.body).not.toContain(b.marker);
      expect(report.body).toContain(a.marker);

      const incidents = await get(supplierA, `${API.incident.reportIncidents.path}?${query}&amount=100`);
      expect(incidents.statusCode, incidents.body).toBe(200);
      expect(incidents.json().list.map((row: { id: number }) => row.id)).toEqual([a.incident.id]);

      const excel = await get(supplierA, `${API.incident.reportExcel.path}?${query}`);
      expect(excel.statusCode).toBe(200);
      const text = await textOf(excel);
      expect(text).toContain(a.marker);
      expect(text).not.toContain(b.marker);
    }
  });

  it("every GET open to a Supplier, with B's ids in every filter, never answers B's rows", async () => {
    const opened = app.routeTable.filter((route) => {
      const access = route.access as RouteAccess | undefined;
      return (
        route.method === "GET" &&
        route.url.startsWith("/api/") &&
        Array.isArray(access) &&
        access.includes(SUPPLIER_ROLE)
      );
    });
    expect(opened.length).toBeGreaterThanOrEqual(9);
    const ids = {
      id: b.trip.id,
      intermediateRouteId: b.trip.id,
      supplierId: b.supplier.id,
      driverId: b.driver.id,
      ownerId: b.driver.id,
      routeId: b.trip.routeId ?? 0,
    };
    const leaks: string[] = [];
    for (const route of opened) {
      const url = route.url.replace(/:(\w+)/g, (_match, name: string) =>
        String(ids[name as keyof typeof ids] ?? 999_999_999),
      );
      const withIds = Object.entries(ids)
        .map(([key, value]) => `${key}=${value}`)
        .join("&");
      for (const query of [`${range}&amount=100`, `${range}&amount=100&${withIds}`]) {
        const response = await get(supplierA, `${url}?${query}`);
        expect([200, 400, 404], `${route.url} ${response.statusCode} ${response.body}`).toContain(
          response.statusCode,
        );
        const text = await textOf(response);
        if (text.includes(b.marker)) leaks.push(`${route.method} ${url}?${query}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("no portal operation is also a collaborator's (the Supplier role is never one of theirs)", () => {
    const portal = app.routeTable.filter(
      (route) => Array.isArray(route.access) && (route.access as readonly Role[]).includes(SUPPLIER_ROLE),
    );
    const mixed = portal
      .filter((route) => (route.access as readonly Role[]).includes("Collaborator"))
      .map((route) => `${route.method} ${route.url}`);
    expect(mixed).toEqual([]);
  });
});
