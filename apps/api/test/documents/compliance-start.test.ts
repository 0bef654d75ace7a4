import { randomUUID } from "node:crypto";
import { API, clientPath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branchOfficeTime } from "../../src/lib/branch-office-time.js";
import { driverBlock, driverClearance } from "../../src/modules/documents/driver-clearance-repository.js";
import { approveDocument, dmy, insertDocument, shiftDay } from "../helpers/document-factories.js";
import { routeWith, signedInDriver } from "../helpers/operation-factories.js";
import { buildTestApp, type SignedIn, testDatabase } from "../helpers/test-app.js";

/**
 * Papers that block a trip (issue 37, decision 0078): a driver whose current licence, or whose
 * vehicle's current insurance or inspection, expired before the branch office's today cannot start
 * a trip, alone or from Treiber App's offline batch, until a renewal is approved.
 */

/** The branch offices on UTC−4 (Santo Domingo): local midnight is 04:00 UTC. */
const OFFSET = 240;
const time = branchOfficeTime(() => OFFSET);
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ branchOfficeOffsetAt: () => OFFSET });
});
afterAll(() => app.close());

const today = () => time.serviceDay(Date.now());

const start = (session: SignedIn, routeId: number) =>
  app.inject({
    method: "PUT",
    url: API.intermediateRoute.start.path,
    headers: session.headers,
    payload: { routeId },
  });

async function driverWithRoute() {
  const driver = await signedInDriver(app);
  const route = await routeWith({ driverIds: [driver.driver.id] });
  return { ...driver, route };
}

describe("the current paper decides, at the branch office's midnight", () => {
  it("is valid through its expiry day and blocks from the next local midnight", async () => {
    const { driver } = await driverWithRoute();
    const { db } = await testDatabase();
    await insertDocument({
      ownerType: "DRIVER",
      ownerId: driver.id,
      type: "LICENSE",
      expiresOn: "2026-11-12",
    });
    // 2026-11-12 23:59 in Santo Domingo is 2026-11-13 03:59 UTC: still the expiry day there.
    const lastMinute = Date.parse("2026-11-13T03:59:00Z");
    const midnight = Date.parse("2026-11-13T04:00:00Z");
    expect(time.serviceDay(lastMinute)).toBe("2026-11-12");
    expect(await driverBlock(db, driver.id, time.serviceDay(lastMinute))).toBeUndefined();
    expect(await driverBlock(db, driver.id, time.serviceDay(midnight))).toEqual({
      type: "LICENSE",
      expiresOn: "2026-11-12",
      reason: "Licencia vencida el 12/11/2026",
    });
  });

  it("counts the approved paper that expires last; a pending or rejected one changes nothing", async () => {
    const { driver } = await driverWithRoute();
    const { db } = await testDatabase();
    const day = "2026-12-01";
    await insertDocument({
      ownerType: "VEHICLE",
      ownerId: driver.id,
      type: "INSURANCE",
      expiresOn: "2026-11-30",
    });
    await insertDocument({
      ownerType: "VEHICLE",
      ownerId: driver.id,
      type: "INSURANCE",
      expiresOn: "2027-11-30",
      review: "PENDING",
    });
    await insertDocument({
      ownerType: "VEHICLE",
      ownerId: driver.id,
      type: "INSURANCE",
      expiresOn: "2027-12-30",
      review: "REJECTED",
    });
    expect((await driverBlock(db, driver.id, day))?.reason).toBe("Seguro del vehículo vencido el 30/11/2026");
    // An older approved paper beside a valid one does not block.
    await insertDocument({
      ownerType: "VEHICLE",
      ownerId: driver.id,
      type: "INSURANCE",
      expiresOn: "2027-01-31",
    });
    expect(await driverBlock(db, driver.id, day)).toBeUndefined();
  });

  it("names the licence first, then the insurance, then the inspection; other papers never block", async () => {
    const { driver } = await driverWithRoute();
    const other = await driverWithRoute();
    const { db } = await testDatabase();
    const day = "2026-12-01";
    await insertDocument({
      ownerType: "VEHICLE",
      ownerId: driver.id,
      type: "TECHNICAL_INSPECTION",
      expiresOn: "2026-01-10",
    });
    await insertDocument({
      ownerType: "DRIVER",
      ownerId: driver.id,
      type: "LICENSE",
      expiresOn: "2026-11-01",
    });
    await insertDocument({
      ownerType: "DRIVER",
      ownerId: other.driver.id,
      type: "MEDICAL_CERTIFICATE",
      expiresOn: "2026-01-01",
    });
    await insertDocument({
      ownerType: "VEHICLE",
      ownerId: other.driver.id,
      type: "ROUTE_PERMIT",
      expiresOn: "2026-01-01",
    });
    const blocks = await driverClearance(db, [driver.id, other.driver.id], day);
    expect(blocks.get(driver.id)?.reason).toBe("Licencia vencida el 01/11/2026");
    expect(blocks.has(other.driver.id)).toBe(false);
    // Every driver at once gives the same answer.
    const all = await driverClearance(db, "all", day);
    expect(all.get(driver.id)?.reason).toBe("Licencia vencida el 01/11/2026");
    expect(all.has(other.driver.id)).toBe(false);
  });
});

describe("PUT IntermediateRoute/Start", () => {
  it("answers 409 with the paper and its date, still after a pending renewal, and starts once it is approved", async () => {
    const { driver, session, route } = await driverWithRoute();
    const yesterday = shiftDay(today(), -1);
    await insertDocument({ ownerType: "DRIVER", ownerId: driver.id, type: "LICENSE", expiresOn: yesterday });
    const refused = await start(session, route.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Licencia vencida el ${dmy(yesterday)}`);

    const renewal = await insertDocument({
      ownerType: "DRIVER",
      ownerId: driver.id,
      type: "LICENSE",
      expiresOn: shiftDay(today(), 365 * 4),
      review: "PENDING",
    });
    const stillRefused = await start(session, route.id);
    expect(stillRefused.statusCode).toBe(409);
    expect(stillRefused.json().message).toBe(`Licencia vencida el ${dmy(yesterday)}`);

    await approveDocument(renewal.id);
    const started = await start(session, route.id);
    expect(started.statusCode, started.body).toBe(200);
  });

  it("lets a driver start on the expiry day itself, and one without papers at all", async () => {
    const onLastDay = await driverWithRoute();
    await insertDocument({
      ownerType: "VEHICLE",
      ownerId: onLastDay.driver.id,
      type: "TECHNICAL_INSPECTION",
      expiresOn: today(),
    });
    expect((await start(onLastDay.session, onLastDay.route.id)).statusCode).toBe(200);
    const withoutPapers = await driverWithRoute();
    expect((await start(withoutPapers.session, withoutPapers.route.id)).statusCode).toBe(200);
  });

  it("refuses the Start of Treiber App's offline batch with the same message", async () => {
    const { driver, session, route } = await driverWithRoute();
    const expired = shiftDay(today(), -30);
    await insertDocument({ ownerType: "VEHICLE", ownerId: driver.id, type: "INSURANCE", expiresOn: expired });
    const response = await app.inject({
      method: "POST",
      url: API.fieldAction.batch.path,
      headers: session.headers,
      payload: {
        actions: [
          {
            method: API.intermediateRoute.start.method,
            path: clientPath(API.intermediateRoute.start),
            body: { routeId: route.id, actionId: randomUUID() },
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const [result] = response.json().results;
    expect(result.statusCode).toBe(409);
    expect(result.body.message).toBe(`Seguro del vehículo vencido el ${dmy(expired)}`);
  });
});
