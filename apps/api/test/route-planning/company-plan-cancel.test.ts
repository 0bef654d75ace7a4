import { PLANNER_BUSY_MESSAGE } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { plannerGate } from "../../src/modules/planning/planner-gate.js";
import { plannerThreadsRunning } from "../../src/modules/planning/solve-in-worker.js";
import { addRiders } from "../helpers/plan-factories.js";
import { createRider, createVehicleDriver, near, planningSetting } from "../helpers/planning-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import { buildTestApp, type SignedIn, signedInAs } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

describe("POST /api/v1/Planning/company/propose: planner places and «Cancelar»", () => {
  it("answers 503 when the planner is full and stops its proposals when the client goes away", async () => {
    const { office, shift, workplace } = await planningSetting({ time: "06:00" });
    const route = await createRoute({ shiftId: shift.id, destinationId: workplace.id });
    const riders: number[] = [];
    // 100 riders: the planner's own budget for them (8 s) keeps the proposal searching.
    for (let i = 0; i < 100; i++)
      riders.push((await createRider(office.id, near(2 + (i % 10), (i % 7) - 3))).id);
    await addRiders(route.id, riders);
    const drivers = [
      await createVehicleDriver(30),
      await createVehicleDriver(30),
      await createVehicleDriver(30),
    ];
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const post = (signal?: AbortSignal) =>
      fetch(`${address}${API.planning.companyPropose.path}`, {
        method: "POST",
        headers: { ...admin.headers, "content-type": "application/json" },
        body: JSON.stringify({
          branchOfficeId: office.id,
          shiftIds: [shift.id],
          driverIds: drivers.map((driver) => driver.id),
          seconds: 60,
        }),
        signal,
      });
    const other = plannerGate.tryAcquire();
    try {
      const cancel = new AbortController();
      const running = post(cancel.signal).catch((error: Error) => error.name);
      await vi.waitFor(() => expect(plannerThreadsRunning()).toBe(1), { timeout: 20_000, interval: 50 });
      const busy = await post();
      expect(busy.status).toBe(503);
      expect(busy.headers.get("retry-after")).toBe("5");
      expect((await busy.json()).message).toBe(PLANNER_BUSY_MESSAGE);
      cancel.abort();
      expect(await running).toBe("AbortError");
      await vi.waitFor(() => expect(plannerThreadsRunning()).toBe(0), { timeout: 5_000, interval: 50 });
      await vi.waitFor(() => expect(plannerGate.held()).toBe(1), { timeout: 5_000, interval: 50 });
    } finally {
      other?.release();
    }
    expect(plannerGate.held()).toBe(0);
  }, 60_000);
});
