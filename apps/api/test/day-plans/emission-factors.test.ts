import {
  EMISSION_FACTOR_RANGE_MESSAGE,
  EMISSION_FACTOR_TYPE_MESSAGE,
  EMISSION_KG_PER_KM,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emissionFactors } from "../../src/modules/savings/emission-factors-repository.js";
import { bookingApp, call, type TestClock } from "../helpers/booking-factories.js";
import { insertDayPlan, planFigures, ranTrip, savingsShift } from "../helpers/savings-factories.js";
import { type SignedIn, signedInAs, testDatabase, useOwnTestDatabase } from "../helpers/test-app.js";

// Emission factors are global: the file runs on a database of its own.
useOwnTestDatabase();

const DAY = "2030-12-02";
const clock: TestClock = { now: Date.parse("2030-12-04T12:00:00Z") };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

describe("«Factores de emisión»", () => {
  it("lists the defaults (DEFRA diesel × litres per 100 km) until an admin edits one; the report uses it", async () => {
    const list = await call(app, admin, API.emissionFactor.list);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        vehicleType: "car",
        kgPerKm: EMISSION_KG_PER_KM.car,
        litresPer100Km: 7,
        edited: false,
      }),
      expect.objectContaining({ vehicleType: "van", kgPerKm: EMISSION_KG_PER_KM.van, edited: false }),
      expect.objectContaining({ vehicleType: "minibus", kgPerKm: EMISSION_KG_PER_KM.minibus, edited: false }),
      expect.objectContaining({
        vehicleType: "bus",
        kgPerKm: EMISSION_KG_PER_KM.bus,
        litresPer100Km: 30,
        updatedAt: null,
      }),
    ]);

    const saved = await call(app, admin, API.emissionFactor.update, {
      body: { vehicleType: "minibus", kgPerKm: 0.5 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      message: "Factor de emisión guardado",
      factor: expect.objectContaining({
        vehicleType: "minibus",
        kgPerKm: 0.5,
        defaultKgPerKm: EMISSION_KG_PER_KM.minibus,
        edited: true,
      }),
    });
    const { db } = await testDatabase();
    expect(await emissionFactors(db)).toEqual({ ...EMISSION_KG_PER_KM, minibus: 0.5 });

    // What ran is priced with the configured factor: 24 km in a minibus at 0.5 → 12 kg.
    const { shift, workplace, a, b } = await savingsShift();
    await insertDayPlan({
      shiftId: shift.id,
      destinationId: workplace.id,
      date: DAY,
      standing: planFigures({ vehicles: 2, km: 40, cost: 200, co2Kg: 20 }),
      day: planFigures({ vehicles: 1, km: 25, cost: 120, co2Kg: 10.7 }),
      runs: [a.id],
      released: [b.id],
    });
    await ranTrip(a, `${DAY}T09:50:00Z`, 24, "110.00");
    const report = await call(app, admin, API.planning.savings, {
      query: { sinceDate: DAY, untilDate: DAY },
    });
    expect(report.body.data.items[0].ran).toEqual({ vehicles: 1, km: 24, cost: 110, co2Kg: 12 });
    expect(report.body.data.items[0].savedRan.co2Kg).toBe(8);

    const again = await call(app, admin, API.emissionFactor.update, {
      body: { vehicleType: "minibus", kgPerKm: 0.45 },
    });
    expect(again.body.factor.kgPerKm).toBe(0.45);
  });

  it("refuses a factor outside 0–5 or an unknown vehicle type, in Spanish", async () => {
    for (const kgPerKm of [-0.1, 5.01]) {
      const refused = await call(app, admin, API.emissionFactor.update, {
        body: { vehicleType: "bus", kgPerKm },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(EMISSION_FACTOR_RANGE_MESSAGE);
    }
    const unknown = await call(app, admin, API.emissionFactor.update, {
      body: { vehicleType: "truck", kgPerKm: 1 },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(EMISSION_FACTOR_TYPE_MESSAGE);
    const text = await call(app, admin, API.emissionFactor.update, {
      body: { vehicleType: "bus", kgPerKm: "1" },
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe("Factor de emisión inválido");
  });

  it("is for SuperAdmin and Admin only", async () => {
    const superAdmin = await signedInAs(app, "SuperAdmin");
    const zero = await call(app, superAdmin, API.emissionFactor.update, {
      body: { vehicleType: "car", kgPerKm: 0 },
    });
    expect(zero.status).toBe(200);
    for (const role of ["Collaborator", "Driver"] as const) {
      const session = await signedInAs(app, role);
      expect((await call(app, session, API.emissionFactor.list)).status).toBe(403);
      const put = await call(app, session, API.emissionFactor.update, {
        body: { vehicleType: "car", kgPerKm: 1 },
      });
      expect(put.status).toBe(403);
    }
    const list = await call(app, admin, API.emissionFactor.list);
    expect(list.body[0]).toEqual(expect.objectContaining({ vehicleType: "car", kgPerKm: 0, edited: true }));
  });
});
