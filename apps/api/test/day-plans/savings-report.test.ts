import { API } from "@treiber/contract/api-paths";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingApp, call, type TestClock, take } from "../helpers/booking-factories.js";
import { insertDayPlan, planFigures, ranTrip, savingsShift } from "../helpers/savings-factories.js";
import { createBranchOffice, type SignedIn, signedInAs, useOwnTestDatabase } from "../helpers/test-app.js";

// Emission factors are global: the file runs on a database of its own.
useOwnTestDatabase();

// Monday 2 December 2030 (UTC−4): the routes' stop at 06:00 local (10:00Z).
const DAY = "2030-12-02";
const NEXT_DAY = "2030-12-03";
const clock: TestClock = { now: Date.parse("2030-12-04T12:00:00Z") };
let app: FastifyInstance;
let admin: SignedIn;
let scene: Awaited<ReturnType<typeof savingsScene>>;

/**
 * Two plans of the day: DAY (route a runs, b released; a ran 24 km for $110, and also the day
 * before, which does not count) and NEXT_DAY in another branch office (nothing ran yet).
 */
async function savingsScene() {
  const first = await savingsShift();
  await insertDayPlan({
    shiftId: first.shift.id,
    destinationId: first.workplace.id,
    date: DAY,
    standing: planFigures({ vehicles: 2, km: 40, cost: 200, co2Kg: 20 }),
    day: planFigures({ vehicles: 1, km: 25, cost: 120, co2Kg: 10.7 }),
    runs: [first.a.id],
    released: [first.b.id],
  });
  await ranTrip(first.a, `${DAY}T09:50:00Z`, 24, "110.00");
  await ranTrip(first.a, "2030-12-01T09:50:00Z", 30, "100.00");
  const office = await createBranchOffice();
  const second = await savingsShift(office.id);
  await insertDayPlan({
    shiftId: second.shift.id,
    destinationId: second.workplace.id,
    date: NEXT_DAY,
    standing: planFigures({ vehicles: 1, km: 10, cost: 50, co2Kg: 4.3 }),
    day: planFigures({ vehicles: 1, km: 8, cost: 50, co2Kg: 3.4 }),
    runs: [second.a.id],
    released: [second.b.id],
  });
  return { first, second, office };
}

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
  scene = await savingsScene();
});
afterAll(() => app.close());

const range = { sinceDate: "12/01/2030", untilDate: NEXT_DAY };

describe("«Reporte Ahorro»", () => {
  it("one row per date, shift and workplace with a day plan: standing, day and ran, the savings and totals", async () => {
    const report = await call(app, admin, API.planning.savings, { query: range });
    expect(report.status).toBe(200);
    const { first, second } = scene;
    // 24 km in a 20-seat minibus: 24 × 2.68 × 16 / 100 = 10.3 kg of CO₂.
    const ran = { vehicles: 1, km: 24, cost: 110, co2Kg: 10.3 };
    expect(report.body).toEqual({
      amount: 2,
      data: {
        sinceDate: "2030-12-01",
        untilDate: NEXT_DAY,
        items: [
          expect.objectContaining({
            date: DAY,
            shiftId: first.shift.id,
            shiftName: first.shift.name,
            destinationId: first.workplace.id,
            source: "auto",
            standing: { vehicles: 2, km: 40, cost: 200, co2Kg: 20 },
            day: { vehicles: 1, km: 25, cost: 120, co2Kg: 10.7 },
            ran,
            trips: 1,
            saved: { vehicles: 1, km: 15, cost: 80, co2Kg: 9.3 },
            savedRan: { vehicles: 1, km: 16, cost: 90, co2Kg: 9.7 },
          }),
          expect.objectContaining({
            date: NEXT_DAY,
            shiftId: second.shift.id,
            ran: { vehicles: 0, km: 0, cost: 0, co2Kg: 0 },
            trips: 0,
            saved: { vehicles: 0, km: 2, cost: 0, co2Kg: 0.9 },
            savedRan: null,
          }),
        ],
        totals: {
          standing: { vehicles: 3, km: 50, cost: 250, co2Kg: 24.3 },
          day: { vehicles: 2, km: 33, cost: 170, co2Kg: 14.1 },
          ran,
          trips: 1,
          saved: { vehicles: 1, km: 17, cost: 80, co2Kg: 10.2 },
          savedRan: { vehicles: 1, km: 16, cost: 90, co2Kg: 9.7 },
        },
      },
    });
  });

  it("filters by branch office, shift, workplace and search, and pages", async () => {
    const { first, second, office } = scene;
    const dates = async (query: Record<string, string | number>) => {
      const report = await call(app, admin, API.planning.savings, { query: { ...range, ...query } });
      expect(report.status).toBe(200);
      return report.body.data.items.map((item: { date: string }) => item.date);
    };
    expect(await dates({ branchOfficeId: office.id })).toEqual([NEXT_DAY]);
    expect(await dates({ shiftId: first.shift.id })).toEqual([DAY]);
    expect(await dates({ destinationId: second.workplace.id })).toEqual([NEXT_DAY]);
    expect(await dates({ criterion: first.shift.name })).toEqual([DAY]);
    expect(await dates({ sinceDate: NEXT_DAY })).toEqual([NEXT_DAY]);
    const page = await call(app, admin, API.planning.savings, { query: { ...range, amount: 1, skip: 2 } });
    expect(page.body.amount).toBe(2);
    expect(page.body.data.items.map((item: { date: string }) => item.date)).toEqual([NEXT_DAY]);
    expect(page.body.data.totals.standing.vehicles).toBe(3);
    const backwards = await call(app, admin, API.planning.savings, {
      query: { sinceDate: NEXT_DAY, untilDate: DAY },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe("La fecha inicial no puede ser posterior a la final");
  });

  it("the Excel (ReporteAhorro.xlsx) has the same rows under Spanish headers", async () => {
    const excel = await app.inject({
      method: "GET",
      url: `${API.planning.savingsExcel.path}?sinceDate=${DAY}&untilDate=${DAY}&shiftId=${scene.first.shift.id}`,
      headers: admin.headers,
    });
    expect(excel.statusCode).toBe(200);
    expect(excel.headers["content-disposition"]).toBe("attachment; filename=ReporteAhorro.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const rows = take(workbook.worksheets, 1)[0]
      .getSheetValues()
      .flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : []));
    expect(rows).toContainEqual(["Turno", scene.first.shift.name]);
    const header = rows.find((row) => row[0] === "Fecha");
    expect(header).toEqual([
      "Fecha",
      "Sucursal",
      "Turno",
      "Destino",
      "Aplicado por",
      "Vehículos plan fijo",
      "Vehículos plan del día",
      "Vehículos viajes",
      "Km plan fijo",
      "Km plan del día",
      "Km viajes",
      "Costo plan fijo",
      "Costo plan del día",
      "Costo viajes",
      "kg CO₂ plan fijo",
      "kg CO₂ plan del día",
      "kg CO₂ viajes",
      "Vehículos liberados",
      "Km ahorrados",
      "Costo ahorrado",
      "kg CO₂ evitados",
      "Km ahorrados (viajes)",
      "Costo ahorrado (viajes)",
      "kg CO₂ evitados (viajes)",
    ]);
    const row = rows.find((values) => values[0] === "02/12/2030");
    expect(row?.slice(2)).toEqual([
      scene.first.shift.name,
      scene.first.workplace.name,
      "Automático",
      2,
      1,
      1,
      40,
      25,
      24,
      200,
      120,
      110,
      20,
      10.7,
      10.3,
      1,
      15,
      80,
      9.3,
      16,
      90,
      9.7,
    ]);
  });

  it("is for SuperAdmin and Admin only", async () => {
    const superAdmin = await signedInAs(app, "SuperAdmin");
    expect((await call(app, superAdmin, API.planning.savings, { query: range })).status).toBe(200);
    for (const role of ["Collaborator", "Driver"] as const) {
      const session = await signedInAs(app, role);
      expect((await call(app, session, API.planning.savings, { query: range })).status).toBe(403);
      expect((await call(app, session, API.planning.savingsExcel, { query: range })).status).toBe(403);
    }
  });
});
