import { randomUUID } from "node:crypto";
import {
  HUB_EVENTS,
  type IncidentItem,
  SAFE_ARRIVAL_REPORT_FILE_NAME,
  type SafeArrivalReportItem,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { incidents, safeArrivalChecks } from "../../src/db/schema.js";
import { createMemoryBus, type RealtimeEvent } from "../../src/realtime/realtime-bus.js";
import { createEmployee } from "../helpers/route-factories.js";
import {
  createBranchOffice,
  signedInAs,
  signIn,
  testDatabase,
  useOwnTestDatabase,
} from "../helpers/test-app.js";
import { createTrip } from "../hub/hub-test-kit.js";
import { MINUTE, startSafeArrivalApp, type TestClock } from "./safe-arrival-kit.js";

useOwnTestDatabase();

const DROP = Date.parse("2026-11-10T23:00:00.000Z");

/** A night drop recorded for a new rider (as the drop listener writes it). */
async function nightDrop(branchOfficeId: number, name: string) {
  const { db } = await testDatabase();
  const { trip } = await createTrip();
  const rider = await createEmployee({ name, lastname: "Prueba" });
  const [check] = await db
    .insert(safeArrivalChecks)
    .values({
      intermediateRouteId: trip.id,
      employeeId: rider.id,
      branchOfficeId,
      serviceDay: "2026-11-10",
      stopName: "Parada Norte",
      latitude: 18.45,
      longitude: -69.92,
      droppedAt: new Date(DROP),
      askAt: new Date(DROP + 20 * MINUTE),
      escalateAt: new Date(DROP + 35 * MINUTE),
    })
    .returning();
  if (!check) throw new Error("no check");
  return { check, rider, trip };
}

describe("safe arrival across instances, and its report", () => {
  const clock: TestClock = { now: DROP };
  const bus = createMemoryBus();
  const events: RealtimeEvent[] = [];
  bus.subscribe((event) => events.push(event));
  let one: FastifyInstance;
  let two: FastifyInstance;
  beforeAll(async () => {
    one = await startSafeArrivalApp(clock, { realtime: bus });
    two = await startSafeArrivalApp(clock, { realtime: bus });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it("two instances sweeping together ask once and escalate once", async () => {
    const { db } = await testDatabase();
    const office = await createBranchOffice();
    const { check, rider } = await nightDrop(office.id, "Elsa");
    const ask = DROP + 20 * MINUTE;
    const results = await Promise.all([
      one.safeArrival.run(ask),
      two.safeArrival.run(ask),
      one.safeArrival.run(ask),
    ]);
    expect(results.reduce((sum, result) => sum + result.asked, 0)).toBe(1);
    const asked = events.filter(
      (event) =>
        event.target === HUB_EVENTS.receiveSafeArrivalCheck &&
        event.audience.kind === "user" &&
        event.audience.userId === rider.user.id,
    );
    expect(asked).toHaveLength(1);

    const escalate = ask + 15 * MINUTE;
    const escalations = await Promise.all([
      one.safeArrival.run(escalate),
      two.safeArrival.run(escalate),
      two.safeArrival.run(escalate),
    ]);
    expect(escalations.reduce((sum, result) => sum + result.escalated, 0)).toBe(1);
    const opened = await db.select().from(incidents).where(eq(incidents.personUserId, rider.user.id));
    expect(opened.map((row) => row.type)).toEqual(["SAFE_ARRIVAL_UNCONFIRMED"]);
    const announced = events
      .filter((event) => event.target === HUB_EVENTS.receiveIncident)
      .map((event) => event.args[0] as IncidentItem)
      .filter((item) => item.id === opened[0]?.id);
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({
      type: "SAFE_ARRIVAL_UNCONFIRMED",
      severity: "critical",
      status: "OPEN",
      personName: "Elsa Prueba",
      branchOfficeId: office.id,
      detail: { dropStopName: "Parada Norte", droppedAt: new Date(DROP).toISOString() },
    });
    const [stored] = await db.select().from(safeArrivalChecks).where(eq(safeArrivalChecks.id, check.id));
    expect(stored?.incidentId).toBe(opened[0]?.id);
  });

  it("the report lists night drops with their status, by branch office and status, and in Excel", async () => {
    const office = await createBranchOffice();
    const other = await createBranchOffice();
    const waiting = await nightDrop(office.id, "Fabio");
    const confirmed = await nightDrop(office.id, "Gina");
    await nightDrop(other.id, "Hugo");
    // Gina says «Sí» in the app.
    const gina = await signIn(one, confirmed.rider.user.email);
    const yes = await one.inject({
      method: "POST",
      url: API.safeArrival.confirm.path,
      headers: gina.headers,
      payload: { id: confirmed.check.id, actionId: randomUUID() },
    });
    expect(yes.statusCode, yes.body).toBe(200);

    const admin = await signedInAs(one, "Admin");
    const report = async (query: string) => {
      const response = await one.inject({
        method: "GET",
        url: `${API.safeArrival.report.path}?${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { amount: number; list: SafeArrivalReportItem[] };
    };
    const mine = await report(`branchOfficeId=${office.id}&sinceDate=11/10/2026&untilDate=11/10/2026`);
    expect(mine.amount).toBe(2);
    const byName = new Map(mine.list.map((item) => [item.employeeName, item]));
    expect(byName.get("Fabio Prueba")).toMatchObject({
      status: "WAITING",
      branchOfficeName: office.name,
      stopName: "Parada Norte",
      serviceDay: "2026-11-10",
      droppedAt: new Date(DROP).toISOString(),
      intermediateRouteId: waiting.trip.id,
      confirmedAt: null,
      incidentId: null,
    });
    expect(byName.get("Gina Prueba")).toMatchObject({ status: "CONFIRMED", confirmedVia: "app" });
    expect(
      (await report(`branchOfficeId=${office.id}&status=CONFIRMED`)).list.map((item) => item.employeeName),
    ).toEqual(["Gina Prueba"]);
    expect((await report(`branchOfficeId=${office.id}&criterion=fabio`)).amount).toBe(1);
    expect(
      (await report(`branchOfficeId=${office.id}&sinceDate=11/11/2026&untilDate=11/11/2026`)).amount,
    ).toBe(0);

    const excel = await one.inject({
      method: "GET",
      url: `${API.safeArrival.reportExcel.path}?branchOfficeId=${office.id}`,
      headers: admin.headers,
    });
    expect(excel.statusCode).toBe(200);
    expect(excel.headers["content-disposition"]).toContain(SAFE_ARRIVAL_REPORT_FILE_NAME);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const cells: string[] = [];
    sheet?.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.value));
      });
    });
    expect(cells).toContain(office.name);
    expect(cells).toContain("Fabio Prueba");
    expect(cells).toContain("Por preguntar");
    expect(cells).toContain("Llegó bien");
    expect(cells).not.toContain("Hugo Prueba");
  });

  it("only riders use the prompt; only admins read the report; the answer needs a token, not a session", async () => {
    const driver = await signedInAs(one, "Driver");
    const collaborator = await signedInAs(one, "Collaborator");
    const supplier = await signedInAs(one, "Supplier");
    const call = (method: "GET" | "POST", url: string, headers?: Record<string, string>, payload?: object) =>
      one.inject({ method, url, ...(headers && { headers }), ...(payload && { payload }) });
    expect((await call("GET", API.safeArrival.pending.path, driver.headers)).statusCode).toBe(403);
    expect((await call("GET", API.safeArrival.pending.path, supplier.headers)).statusCode).toBe(403);
    expect((await call("GET", API.safeArrival.pending.path)).statusCode).toBe(401);
    const pending = await call("GET", API.safeArrival.pending.path, collaborator.headers);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ list: [] });
    expect((await call("GET", API.safeArrival.report.path, collaborator.headers)).statusCode).toBe(403);
    expect((await call("GET", API.safeArrival.reportExcel.path, supplier.headers)).statusCode).toBe(403);
    expect((await call("POST", API.safeArrival.answer.path, undefined, { token: "" })).statusCode).toBe(400);
    expect((await call("POST", API.safeArrival.answer.path, undefined, { token: "nope" })).statusCode).toBe(
      404,
    );
  });
});
