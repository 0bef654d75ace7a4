import type { PlanningProposal } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dmy, insertDocument, shiftDay, utcToday } from "../helpers/document-factories.js";
import { createRider, createVehicleDriver, near, planningSetting } from "../helpers/planning-factories.js";
import { buildTestApp, type SignedIn, signedInAs } from "../helpers/test-app.js";

/**
 * Planificación leaves out a driver an expired paper keeps off the road today (issue 37, decision
 * 0078), and says why: `blockedDrivers` of the proposal, `blockedReason` of the context's drivers.
 */

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

async function setting() {
  const { office, shift, workplace } = await planningSetting();
  const riders = [];
  for (const home of [near(2, 0.5), near(2.5, 1), near(3, 0)])
    riders.push(await createRider(office.id, home));
  const blocked = await createVehicleDriver(10, { name: "Bruno", lastname: "Bloqueado" });
  const free = await createVehicleDriver(10, { name: "Lucía", lastname: "Libre" });
  const expired = shiftDay(utcToday(), -3);
  await insertDocument({ ownerType: "DRIVER", ownerId: blocked.id, type: "LICENSE", expiresOn: expired });
  // The free driver's licence expires today: valid through the day.
  await insertDocument({ ownerType: "DRIVER", ownerId: free.id, type: "LICENSE", expiresOn: utcToday() });
  return { shift, workplace, riders, blocked, free, reason: `Licencia vencida el ${dmy(expired)}` };
}

const propose = (payload: object) =>
  app.inject({ method: "POST", url: API.planning.propose.path, headers: admin.headers, payload });

describe("Planificación and expired papers", () => {
  it("leaves the blocked driver out of the proposal with the reason", async () => {
    const { shift, workplace, riders, blocked, free, reason } = await setting();
    const response = await propose({
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: riders.map((rider) => rider.id),
      driverIds: [blocked.id, free.id],
      seconds: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const proposal: PlanningProposal = response.json();
    expect(proposal.routes.length).toBeGreaterThan(0);
    expect(proposal.routes.every((route) => route.driverId === free.id)).toBe(true);
    expect(proposal.blockedDrivers).toEqual([{ driverId: blocked.id, name: "Bruno Bloqueado", reason }]);
  });

  it("says why when only blocked drivers were chosen", async () => {
    const { shift, workplace, riders, blocked, reason } = await setting();
    const response = await propose({
      shiftId: shift.id,
      destinationId: workplace.id,
      employeeIds: riders.map((rider) => rider.id),
      driverIds: [blocked.id],
      seconds: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`Bruno Bloqueado: ${reason}`);
  });

  it("shows the reason on the context's drivers", async () => {
    const { shift, workplace, blocked, free, reason } = await setting();
    const response = await app.inject({
      method: "GET",
      url: `${API.planning.context.path}?shiftId=${shift.id}&destinationId=${workplace.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const drivers: { driverId: number; blockedReason?: string | null }[] = response.json().drivers;
    expect(drivers.find((driver) => driver.driverId === blocked.id)?.blockedReason).toBe(reason);
    expect(drivers.find((driver) => driver.driverId === free.id)?.blockedReason).toBeNull();
  });
});
