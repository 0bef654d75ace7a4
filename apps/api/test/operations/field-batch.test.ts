import { randomUUID } from "node:crypto";
import { ALREADY_SCANNED_MESSAGE, FIELD_BATCH_MAX, FIELD_BATCH_PATH_MESSAGE } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intermediateRoutes, tripPositions } from "../../src/db/schema.js";
import {
  routeWith,
  servicesOfTrip,
  signedInCollaborator,
  signedInDriver,
} from "../helpers/operation-factories.js";
import { buildTestApp, type SignedIn, testDatabase } from "../helpers/test-app.js";

/**
 * `POST FieldAction/batch`: the queue Treiber App kept during an outage, applied in one request, each
 * action by its own route (its rules, rights and actionId), in order (decision 0046).
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const SECOND = 1_000;
type Action = { method: "POST" | "PUT"; path: string; body: Record<string, unknown> };
const batch = (session: SignedIn | undefined, actions: Action[]) =>
  app.inject({
    method: "POST",
    url: API.fieldAction.batch.path,
    headers: { ...session?.headers },
    payload: { actions },
  });
const action = (endpoint: { method: "POST" | "PUT" | string; path: string }, body: Record<string, unknown>) =>
  ({ method: endpoint.method as "POST" | "PUT", path: clientPath(endpoint as never), body }) as Action;

async function tripInProgress() {
  const driver = await signedInDriver(app);
  const ana = await signedInCollaborator(app);
  const beto = await signedInCollaborator(app);
  const route = await routeWith({
    driverIds: [driver.driver.id],
    employeeIds: [ana.employee.id, beto.employee.id],
  });
  const started = await app.inject({
    method: "PUT",
    url: API.intermediateRoute.start.path,
    headers: driver.session.headers,
    payload: { routeId: route.id, startedAt: new Date(Date.now() - 60 * SECOND).toISOString() },
  });
  expect(started.statusCode).toBe(200);
  return { driver, ana, beto, tripId: started.json().intermediateRoute.id as number };
}

const position = (tripId: number, secondsAgo: number, latitude: number) =>
  action(API.intermediateRoute.position, {
    intermediateRouteId: tripId,
    latitude,
    longitude: -69.93,
    recordedAt: new Date(Date.now() - secondsAgo * SECOND).toISOString(),
    actionId: randomUUID(),
  });

describe("POST FieldAction/batch", () => {
  it("applies an outage's queue in order, each action once, and answers each as if sent alone", async () => {
    const { driver, ana, beto, tripId } = await tripInProgress();
    const actions = [
      position(tripId, 50, 18.41),
      position(tripId, 45, 18.42),
      action(API.transportService.manual, {
        intermediateRouteId: tripId,
        employeeId: ana.employee.id,
        reason: "Teléfono descargado",
        scannedAt: new Date(Date.now() - 44 * SECOND).toISOString(),
        actionId: randomUUID(),
      }),
      position(tripId, 40, 18.43),
      action(API.transportService.scan, { codeQr: beto.employee.codeQr, actionId: randomUUID() }),
      action(API.intermediateRoute.end, {
        intermediateRouteId: tripId,
        endedAt: new Date(Date.now() - 30 * SECOND).toISOString(),
        actionId: randomUUID(),
      }),
    ];
    const first = await batch(driver.session, actions);
    expect(first.statusCode).toBe(200);
    const results = first.json().results as { statusCode: number; body: { message?: string } }[];
    expect(results.map((result) => result.statusCode)).toEqual([200, 200, 201, 200, 201, 200]);

    // The answer was lost: the phone sends the same batch again; nothing is applied twice.
    const again = await batch(driver.session, actions);
    expect(again.json().results).toEqual(results);

    const { db } = await testDatabase();
    const trail = await db.select().from(tripPositions).where(eq(tripPositions.intermediateRouteId, tripId));
    expect(trail.map((row) => row.latitude).sort()).toEqual([18.41, 18.42, 18.43]);
    expect((await servicesOfTrip(tripId)).map((service) => service.employeeId).sort()).toEqual(
      [ana.employee.id, beto.employee.id].sort(),
    );
    const [trip] = await db.select().from(intermediateRoutes).where(eq(intermediateRoutes.id, tripId));
    expect(trip?.status).toBe("Finished");
  });

  it("answers a refused action with its own status and message, and goes on with the next", async () => {
    const { driver, ana, tripId } = await tripInProgress();
    const scan = { codeQr: ana.employee.codeQr };
    const response = await batch(driver.session, [
      action(API.transportService.scan, { ...scan, actionId: randomUUID() }),
      action(API.transportService.scan, { ...scan, actionId: randomUUID() }),
      position(tripId, 10, 18.5),
    ]);
    const results = response.json().results as { statusCode: number; body: { message?: string } }[];
    expect(results.map((result) => result.statusCode)).toEqual([201, 409, 200]);
    expect(results[1]?.body.message).toBe(ALREADY_SCANNED_MESSAGE);
  });

  it("checks each action's rights: a collaborator cannot end a trip, another driver boards no one on it", async () => {
    const { ana, beto, tripId } = await tripInProgress();
    const other = await signedInDriver(app);
    const asRider = await batch(ana.session, [
      action(API.intermediateRoute.end, { intermediateRouteId: tripId, actionId: randomUUID() }),
      action(API.transportService.cancel, {
        intermediateRouteId: tripId,
        comment: "Cita médica",
        actionId: randomUUID(),
      }),
    ]);
    expect(asRider.json().results.map((r: { statusCode: number }) => r.statusCode)).toEqual([403, 201]);
    const asOther = await batch(other.session, [
      action(API.transportService.manual, {
        intermediateRouteId: tripId,
        employeeId: beto.employee.id,
        reason: "Sin teléfono",
        actionId: randomUUID(),
      }),
    ]);
    // As sent alone: the other driver has no trip in progress to board on.
    expect(asOther.json().results[0]).toMatchObject({ statusCode: 409 });
    const services = await servicesOfTrip(tripId);
    expect(services.map((service) => service.employeeId)).toEqual([ana.employee.id]);
  });

  it("stops at the first answer the phone retries (429): what follows stays queued, not applied", async () => {
    const { driver, tripId } = await tripInProgress();
    const limited = await batch(driver.session, [
      position(tripId, 20, 18.6),
      action(API.intermediateRoute.position, {
        intermediateRouteId: tripId,
        latitude: 18.7,
        longitude: -69.9,
      }),
      action(API.intermediateRoute.position, {
        intermediateRouteId: tripId,
        latitude: 18.8,
        longitude: -69.9,
      }),
      position(tripId, 5, 18.9),
    ]);
    // A live position (no recordedAt) keeps the one-per-second limit: the second one in a row is 429.
    const codes = limited.json().results.map((r: { statusCode: number }) => r.statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const { db } = await testDatabase();
    const trail = await db.select().from(tripPositions).where(eq(tripPositions.intermediateRouteId, tripId));
    expect(trail.map((row) => row.latitude)).not.toContain(18.9);
  });

  it("refuses what is not a field action, an anonymous caller and more than the maximum", async () => {
    const { driver } = await tripInProgress();
    const other = await batch(driver.session, [
      { method: "PUT", path: clientPath(API.user.status), body: { id: 1, isActive: false } },
      { method: "POST", path: "/Auth/SignIn", body: { email: "a@b.do", password: "x" } },
    ]);
    expect(other.json().results).toEqual([
      { statusCode: 400, body: { statusCode: 400, message: FIELD_BATCH_PATH_MESSAGE } },
      { statusCode: 400, body: { statusCode: 400, message: FIELD_BATCH_PATH_MESSAGE } },
    ]);
    expect((await batch(undefined, [position(1, 1, 18)])).statusCode).toBe(401);
    const tooMany = Array.from({ length: FIELD_BATCH_MAX + 1 }, () => position(1, 1, 18));
    expect((await batch(driver.session, tooMany)).statusCode).toBe(400);
    expect((await batch(driver.session, [])).statusCode).toBe(400);
  });
});
