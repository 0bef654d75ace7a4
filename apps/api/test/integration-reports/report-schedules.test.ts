import { INTEGRATION_MESSAGES, type ReportScheduleItem } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema.js";
import { createRoute, createSupplierDriver, createTrip } from "../helpers/reporting-factories.js";
import { startSmtp } from "../helpers/smtp-server.js";
import { type SignedIn, signedInAs, testDatabase, unique, useOwnTestDatabase } from "../helpers/test-app.js";
import {
  attachmentOf,
  DAY,
  HOUR,
  MINUTE,
  sheetRows,
  startScheduleApp,
  type TestClock,
} from "./report-schedule-kit.js";

useOwnTestDatabase();

/** Tuesday 10 November 2026, 08:00 on the branch offices' clock (UTC−4). */
const START = Date.parse("2026-11-10T12:00:00.000Z");

describe("reports by e-mail", () => {
  const clock: TestClock = { now: START };
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let admin: SignedIn;
  let superAdmin: SignedIn;

  beforeAll(async () => {
    smtp = await startSmtp();
    one = await startScheduleApp(clock, smtp.port);
    two = await startScheduleApp(clock, smtp.port);
    admin = await signedInAs(one, "Admin");
    superAdmin = await signedInAs(one, "SuperAdmin");
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  const create = (app: FastifyInstance, session: SignedIn, payload: object) =>
    app.inject({ method: "POST", url: API.reportSchedule.create.path, headers: session.headers, payload });
  async function created(session: SignedIn, payload: object): Promise<ReportScheduleItem> {
    const response = await create(one, session, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const list = async (session: SignedIn, query = "") => {
    const response = await one.inject({
      method: "GET",
      url: `${API.reportSchedule.list.path}${query}`,
      headers: session.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { amount: number; list: ReportScheduleItem[] };
  };
  const runs = async (session: SignedIn, id: number) => {
    const response = await one.inject({
      method: "GET",
      url: apiPath(API.reportSchedule.runs, { id }),
      headers: session.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().list as {
      scheduledFor: string;
      status: string;
      error: string | null;
      periodFrom: string;
      periodUntil: string;
    }[];
  };
  const remove = (session: SignedIn, id: number) =>
    one.inject({
      method: "DELETE",
      url: apiPath(API.reportSchedule.remove, { id }),
      headers: session.headers,
    });

  it("checks a schedule: frequency's day, filters of the report, recipients; Admin and SuperAdmin only", async () => {
    const base = { report: "route", frequency: "daily", time: "07:00", recipients: ["gerencia@prueba.do"] };
    const weekly = await create(one, admin, { ...base, frequency: "weekly" });
    expect(weekly.statusCode).toBe(400);
    expect(weekly.json().errors.weekday).toBe(INTEGRATION_MESSAGES.weekday);
    const badFilter = await create(one, admin, { ...base, filters: { branchOfficeId: 3 } });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toBe(INTEGRATION_MESSAGES.scheduleFilters);
    const dates = await create(one, admin, { ...base, filters: { sinceDate: "01/01/2026" } });
    expect(dates.statusCode).toBe(400);
    const noRecipients = await create(one, admin, { ...base, recipients: [] });
    expect(noRecipients.statusCode).toBe(400);
    const collaborator = await signedInAs(one, "Collaborator");
    expect((await create(one, collaborator, base)).statusCode).toBe(403);
    expect(
      (await create(one, { ...admin, headers: { ...admin.headers, authorization: "" } }, base)).statusCode,
    ).toBe(401);
  });

  it("lists an Admin's own schedules and a SuperAdmin's all; only the owner or a SuperAdmin deletes", async () => {
    const mine = await created(admin, {
      report: "incident",
      frequency: "monthly",
      monthDay: 1,
      time: "06:30",
      recipients: ["a@prueba.do"],
    });
    // 1 December 2026 06:30 on UTC−4.
    expect(mine.nextRunAt).toBe("2026-12-01T10:30:00.000Z");
    expect(mine.weekday).toBeNull();
    const otherAdmin = await signedInAs(one, "Admin");
    const theirs = await created(otherAdmin, {
      report: "route",
      frequency: "daily",
      time: "07:00",
      recipients: ["b@prueba.do"],
    });
    expect((await list(admin)).list.map((item) => item.id)).toEqual([mine.id]);
    expect((await list(admin, "?report=route")).amount).toBe(0);
    const all = (await list(superAdmin)).list.map((item) => item.id);
    expect(all).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await remove(admin, theirs.id)).statusCode).toBe(404);
    const runsOfOther = await one.inject({
      method: "GET",
      url: apiPath(API.reportSchedule.runs, { id: theirs.id }),
      headers: admin.headers,
    });
    expect(runsOfOther.statusCode).toBe(404);
    expect((await remove(superAdmin, theirs.id)).statusCode).toBe(200);
    expect((await remove(admin, mine.id)).json().message).toBe(INTEGRATION_MESSAGES.scheduleDeleted);
    expect((await list(superAdmin)).amount).toBe(0);
  });

  it("fires at its local time once across two instances, with the previous day's Excel attached", async () => {
    // A trip of the route ended on the 10th (local), another on the 11th: only the first is sent.
    const route = await createRoute({ name: unique("Ruta Norte ") });
    const { driver } = await createSupplierDriver();
    const tripOn = (iso: string, cost: string) =>
      createTrip({ routeId: route.id, driver, cost, startedAt: new Date(iso), endedAt: new Date(iso) });
    await tripOn("2026-11-10T15:00:00.000Z", "111.00");
    await tripOn("2026-11-11T10:00:00.000Z", "999.00");
    const schedule = await created(admin, {
      report: "route",
      frequency: "daily",
      time: "07:00",
      recipients: ["gerencia@prueba.do", "finanzas@prueba.do"],
      filters: { routeName: route.name },
    });
    const slot = Date.parse("2026-11-11T11:00:00.000Z");
    expect(schedule.nextRunAt).toBe(new Date(slot).toISOString());
    const before = smtp.received.length;
    clock.now = slot - MINUTE;
    expect(await one.reportSchedules.run()).toEqual({ sent: 0, failed: 0 });
    clock.now = slot + 5_000;
    const results = await Promise.all([
      one.reportSchedules.run(),
      two.reportSchedules.run(),
      one.reportSchedules.run(),
    ]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
    expect(results.reduce((sum, result) => sum + result.failed, 0)).toBe(0);
    expect(smtp.received.length).toBe(before + 1);
    const message = smtp.received.at(-1) ?? "";
    expect(message).toMatch(/^To: gerencia@prueba\.do, finanzas@prueba\.do$/m);
    const attachment = attachmentOf(message);
    expect(attachment.filename).toBe("ReporteRutas.xlsx");
    const rows = await sheetRows(attachment.content);
    const cells = rows.flat();
    expect(cells).toContain("Reporte de rutas");
    const value = (label: string) => rows.find((row) => row.includes(label))?.at(-1);
    expect(value("Desde")).toBe("10/11/2026");
    expect(value("Hasta")).toBe("10/11/2026");
    expect(value("Ruta")).toBe(route.name);
    const tripRows = rows.filter((row) => row.includes(route.name) && !row.includes("Ruta"));
    expect(tripRows).toHaveLength(1);
    expect(tripRows[0]?.map(Number)).toContain(111);
    expect(cells.map(Number)).not.toContain(999);

    const history = await runs(admin, schedule.id);
    expect(history).toEqual([
      expect.objectContaining({
        scheduledFor: new Date(slot).toISOString(),
        status: "sent",
        error: null,
        periodFrom: "2026-11-10",
        periodUntil: "2026-11-10",
      }),
    ]);
    const [item] = (await list(admin, "?report=route")).list;
    expect(item).toMatchObject({ lastStatus: "sent", lastRunAt: new Date(clock.now).toISOString() });
    expect(item?.nextRunAt).toBe(new Date(slot + DAY).toISOString());
    // Later the same day nothing more goes out.
    clock.now = slot + 6 * HOUR;
    expect(await two.reportSchedules.run()).toEqual({ sent: 0, failed: 0 });
    await remove(admin, schedule.id);
  });

  it("after downtime catches up once, for the latest missed slot only", async () => {
    // Weekly on Mondays at 07:00, the 7 days before.
    const schedule = await created(admin, {
      report: "incident",
      frequency: "weekly",
      weekday: 1,
      time: "07:00",
      recipients: ["semanal@prueba.do"],
    });
    expect(new Date(schedule.nextRunAt).getUTCDay()).toBe(1);
    await one.close();
    await two.close();
    // Three Mondays pass with every instance down; on Wednesday a new instance starts.
    const firstMonday = Date.parse(schedule.nextRunAt);
    const lastMonday = firstMonday + 14 * DAY;
    clock.now = lastMonday + 2 * DAY;
    one = await startScheduleApp(clock, smtp.port);
    two = await startScheduleApp(clock, smtp.port);
    const before = smtp.received.length;
    const results = await Promise.all([one.reportSchedules.run(), two.reportSchedules.run()]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
    expect(smtp.received.length).toBe(before + 1);
    const attachment = attachmentOf(smtp.received.at(-1) ?? "");
    expect(attachment.filename).toMatch(/\.xlsx$/);
    expect((await sheetRows(attachment.content)).length).toBeGreaterThan(0);
    const history = await runs(admin, schedule.id);
    expect(history).toHaveLength(1);
    const monday = new Date(lastMonday);
    const day = (offset: number) =>
      new Date(Date.UTC(monday.getUTCFullYear(), monday.getUTCMonth(), monday.getUTCDate() + offset))
        .toISOString()
        .slice(0, 10);
    expect(history[0]).toMatchObject({
      scheduledFor: new Date(lastMonday).toISOString(),
      status: "sent",
      periodFrom: day(-7),
      periodUntil: day(-1),
    });
    const [item] = (await list(admin, "?report=incident")).list;
    expect(item?.nextRunAt).toBe(new Date(lastMonday + 7 * DAY).toISOString());
    await remove(admin, schedule.id);
  });

  it("a schedule whose creator lost access fails, visibly, and sends nothing", async () => {
    const owner = await signedInAs(one, "Admin");
    const schedule = await created(owner, {
      report: "savings",
      frequency: "monthly",
      monthDay: 5,
      time: "08:00",
      recipients: ["x@prueba.do"],
    });
    const { db } = await testDatabase();
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, owner.userId));
    const before = smtp.received.length;
    clock.now = Date.parse(schedule.nextRunAt) + MINUTE;
    expect(await one.reportSchedules.run()).toEqual({ sent: 0, failed: 1 });
    expect(smtp.received.length).toBe(before);
    const [run] = await runs(superAdmin, schedule.id);
    expect(run?.status).toBe("failed");
    expect(run?.error).toMatch(/no está activa/);
    const [item] = (await list(superAdmin, "?report=savings")).list;
    expect(item).toMatchObject({ lastStatus: "failed" });
    await remove(superAdmin, schedule.id);
  });

  it("a schedule whose creator is no longer an admin fails with the report's refusal", async () => {
    const owner = await signedInAs(one, "Admin");
    const schedule = await created(owner, {
      report: "booking",
      frequency: "daily",
      time: "05:00",
      recipients: ["y@prueba.do"],
    });
    const { db } = await testDatabase();
    await db.update(users).set({ role: "Collaborator" }).where(eq(users.id, owner.userId));
    const before = smtp.received.length;
    clock.now = Date.parse(schedule.nextRunAt);
    expect(await one.reportSchedules.run()).toEqual({ sent: 0, failed: 1 });
    expect(smtp.received.length).toBe(before);
    const [run] = await runs(superAdmin, schedule.id);
    expect(run).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/^El reporte respondió 403/),
    });
    await remove(superAdmin, schedule.id);
  });

  it("a monthly schedule sends the whole previous month read with its creator's role", async () => {
    const schedule = await created(superAdmin, {
      report: "cutGeneral",
      frequency: "monthly",
      monthDay: 2,
      time: "09:15",
      recipients: ["contabilidad@prueba.do"],
    });
    const before = smtp.received.length;
    clock.now = Date.parse(schedule.nextRunAt);
    expect(await two.reportSchedules.run()).toEqual({ sent: 1, failed: 0 });
    const attachment = attachmentOf(smtp.received.at(before) ?? "");
    expect(attachment.filename).toBe("ReporteCorteGeneral.xlsx");
    const [run] = await runs(superAdmin, schedule.id);
    const month = new Date(clock.now - 2 * DAY);
    const first = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1));
    const last = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0));
    expect(run).toMatchObject({
      periodFrom: first.toISOString().slice(0, 10),
      periodUntil: last.toISOString().slice(0, 10),
    });
    await remove(superAdmin, schedule.id);
  });
});
