import { randomUUID } from "node:crypto";
import {
  ALREADY_SCANNED_MESSAGE,
  BEFORE_TRIP_START_MESSAGE,
  END_BEFORE_LAST_BOARDING_MESSAGE,
  IN_THE_FUTURE_MESSAGE,
} from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clientActions,
  comments,
  intermediateRoutes,
  notifications,
  tripPositions,
} from "../../src/db/schema.js";
import {
  recordRealtime,
  routeWith,
  servicesOfTrip,
  signedInCollaborator,
  signedInDriver,
} from "../helpers/operation-factories.js";
import { buildTestApp, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

/** Treiber App actions: action ids applied once, boarding evidence, manual boarding, device times. */

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const call = (method: "GET" | "POST" | "PUT", url: string, session: SignedIn | undefined, payload?: object) =>
  app.inject({ method, url, headers: { ...session?.headers }, ...(payload && { payload }) });

const fiveTimes = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: 5 }, send));
const MINUTE = 60_000;

async function tripInProgress() {
  const driver = await signedInDriver(app, { name: "Pedro", lastname: "Santos" });
  const ana = await signedInCollaborator(app, { name: "Ana", lastname: "Féliz" });
  const beto = await signedInCollaborator(app, { name: "Beto", lastname: "Cruz" });
  const route = await routeWith({
    driverIds: [driver.driver.id],
    employeeIds: [ana.employee.id, beto.employee.id],
  });
  const started = await call("PUT", API.intermediateRoute.start.path, driver.session, { routeId: route.id });
  expect(started.statusCode).toBe(200);
  return { driver, ana, beto, route, tripId: started.json().intermediateRoute.id as number };
}

async function tripRow(id: number) {
  const { db } = await testDatabase();
  const [row] = await db.select().from(intermediateRoutes).where(eq(intermediateRoutes.id, id));
  return row;
}

describe("actionId: each field action applied at most once per user", () => {
  it("applies a scan sent 5× concurrently once and replays the first result to the others", async () => {
    const { driver, ana, tripId } = await tripInProgress();
    const actionId = randomUUID();
    const responses = await fiveTimes(() =>
      call("POST", API.transportService.scan.path, driver.session, { codeQr: ana.employee.codeQr, actionId }),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const bodies = responses.map((r) => r.json());
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(bodies[0]).toMatchObject({ employeeId: ana.employee.id, boardingMethod: "qr" });
    expect(await servicesOfTrip(tripId)).toHaveLength(1);

    // Another action id for the same rider is a new scan: "Ya abordó".
    const again = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      actionId: randomUUID(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_SCANNED_MESSAGE);
  });

  it("ends a trip once under 5 concurrent Ends with one action id (one FinishIntermediateRoute)", async () => {
    const { driver, tripId } = await tripInProgress();
    const recorder = recordRealtime(app);
    const actionId = randomUUID();
    const responses = await fiveTimes(() =>
      call("PUT", API.intermediateRoute.end.path, driver.session, { intermediateRouteId: tripId, actionId }),
    );
    recorder.stop();
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const response of responses) expect(response.json()).toEqual(responses[0]?.json());
    expect(responses[0]?.json()).toMatchObject({
      message: "Ruta finalizada",
      intermediateRoute: { status: "Finished" },
    });
    const finishes = recorder.events.filter((event) => event.target === "FinishIntermediateRoute");
    expect(finishes).toHaveLength(1);
    // Without the action id a second End is still refused as before.
    const plain = await call("PUT", API.intermediateRoute.end.path, driver.session, {
      intermediateRouteId: tripId,
    });
    expect(plain.statusCode).toBe(409);
  });

  it("starts once, and replays Start, cancel, comment and position", async () => {
    const driver = await signedInDriver(app);
    const ana = await signedInCollaborator(app);
    const beto = await signedInCollaborator(app);
    const route = await routeWith({
      driverIds: [driver.driver.id],
      employeeIds: [ana.employee.id, beto.employee.id],
    });
    const startId = randomUUID();
    const starts = await fiveTimes(() =>
      call("PUT", API.intermediateRoute.start.path, driver.session, {
        routeId: route.id,
        actionId: startId,
      }),
    );
    expect(starts.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const tripId = starts[0]?.json().intermediateRoute.id as number;
    for (const response of starts) expect(response.json().intermediateRoute.id).toBe(tripId);

    const cancelId = randomUUID();
    const cancels = await fiveTimes(() =>
      call("POST", API.transportService.cancel.path, beto.session, {
        intermediateRouteId: tripId,
        comment: "Tengo cita médica",
        actionId: cancelId,
      }),
    );
    expect(cancels.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const { db } = await testDatabase();
    const canceledNotes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.userId), eq(notifications.tag, "CANCELED")));
    expect(canceledNotes.filter((n) => n.messageJson.includes(`"RouteName":"${route.name}"`))).toHaveLength(
      1,
    );

    const positionId = randomUUID();
    // One action sent five times: the same payload each time (its device time taken once).
    const recordedAt = new Date().toISOString();
    const positions = await fiveTimes(() =>
      call("POST", API.intermediateRoute.position.path, driver.session, {
        intermediateRouteId: tripId,
        latitude: 18.48,
        longitude: -69.93,
        recordedAt,
        actionId: positionId,
      }),
    );
    expect(positions.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const trail = await db.select().from(tripPositions).where(eq(tripPositions.intermediateRouteId, tripId));
    expect(trail).toHaveLength(1);
    expect((await tripRow(tripId))?.lastLatitude).toBe(18.48);

    await call("POST", API.transportService.scan.path, driver.session, { codeQr: ana.employee.codeQr });
    await call("PUT", API.intermediateRoute.end.path, driver.session, { intermediateRouteId: tripId });
    const commentId = randomUUID();
    const commented = await fiveTimes(() =>
      call("POST", API.intermediateRoute.comment.path, ana.session, {
        intermediateRouteId: tripId,
        comment: "Muy puntual",
        actionId: commentId,
      }),
    );
    expect(commented.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(commented[0]?.json()).toEqual({ message: "Comentario enviado" });
    expect(await db.select().from(comments).where(eq(comments.intermediateRouteId, tripId))).toHaveLength(1);
  });

  it("keeps action ids per user, refuses an id reused for another call and a malformed id", async () => {
    const { driver, ana, beto, tripId } = await tripInProgress();
    const actionId = randomUUID();
    const scanned = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      actionId,
    });
    expect(scanned.statusCode).toBe(201);
    const reused = await call("PUT", API.intermediateRoute.end.path, driver.session, {
      intermediateRouteId: tripId,
      actionId,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe("El identificador de acción ya se usó en otra operación");
    expect((await tripRow(tripId))?.status).toBe("InProgress");
    // The same id from another user is that user's own action.
    const canceled = await call("POST", API.transportService.cancel.path, beto.session, {
      intermediateRouteId: tripId,
      comment: "No voy hoy",
      actionId,
    });
    expect(canceled.statusCode).toBe(201);
    const bad = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      actionId: "no-es-un-uuid",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ actionId: "Identificador de acción inválido (UUID)" });
    const { db } = await testDatabase();
    expect(await db.select().from(clientActions).where(eq(clientActions.actionId, actionId))).toHaveLength(2);
  });

  it("refuses (409) an id sent again with another payload; the same payload still replays (issue 21)", async () => {
    const { driver, ana, beto, tripId } = await tripInProgress();
    const { db } = await testDatabase();
    const other = "El identificador de acción ya se usó con otros datos";
    const expectRefused = async (response: Awaited<ReturnType<typeof call>>) => {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(other);
    };

    const positionId = randomUUID();
    const at = new Date().toISOString();
    const position = { intermediateRouteId: tripId, latitude: 18.48, longitude: -69.93, recordedAt: at };
    const first = await call("POST", API.intermediateRoute.position.path, driver.session, {
      ...position,
      actionId: positionId,
    });
    expect(first.statusCode).toBe(200);
    await expectRefused(
      await call("POST", API.intermediateRoute.position.path, driver.session, {
        ...position,
        latitude: 18.99,
        actionId: positionId,
      }),
    );
    // The same payload, members in another order and the id in capitals: the first answer.
    const replay = await call("POST", API.intermediateRoute.position.path, driver.session, {
      actionId: positionId.toUpperCase(),
      recordedAt: at,
      longitude: -69.93,
      latitude: 18.48,
      intermediateRouteId: tripId,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const trail = await db.select().from(tripPositions).where(eq(tripPositions.intermediateRouteId, tripId));
    expect(trail.map((row) => row.latitude)).toEqual([18.48]);

    const scanId = randomUUID();
    const scanned = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      actionId: scanId,
    });
    expect(scanned.statusCode).toBe(201);
    await expectRefused(
      await call("POST", API.transportService.scan.path, driver.session, {
        codeQr: beto.employee.codeQr,
        actionId: scanId,
      }),
    );
    expect((await servicesOfTrip(tripId)).map((row) => row.employeeId)).toEqual([ana.employee.id]);

    const cancelId = randomUUID();
    const cancel = { intermediateRouteId: tripId, comment: "Cita médica", actionId: cancelId };
    expect((await call("POST", API.transportService.cancel.path, beto.session, cancel)).statusCode).toBe(201);
    await expectRefused(
      await call("POST", API.transportService.cancel.path, beto.session, {
        ...cancel,
        comment: "Otro motivo",
      }),
    );
    const services = await servicesOfTrip(tripId);
    expect(services.find((row) => row.employeeId === beto.employee.id)?.comment).toBe("Cita médica");

    const endId = randomUUID();
    await expectRefused(
      await (async () => {
        const ended = await call("PUT", API.intermediateRoute.end.path, driver.session, {
          intermediateRouteId: tripId,
          actionId: endId,
        });
        expect(ended.statusCode).toBe(200);
        return call("PUT", API.intermediateRoute.end.path, driver.session, {
          intermediateRouteId: tripId,
          endedAt: new Date().toISOString(),
          actionId: endId,
        });
      })(),
    );

    const commentId = randomUUID();
    const comment = { intermediateRouteId: tripId, comment: "Muy puntual", actionId: commentId };
    expect((await call("POST", API.intermediateRoute.comment.path, ana.session, comment)).statusCode).toBe(
      201,
    );
    await expectRefused(
      await call("POST", API.intermediateRoute.comment.path, ana.session, {
        ...comment,
        comment: "Editado",
      }),
    );
    const stored = await db.select().from(comments).where(eq(comments.intermediateRouteId, tripId));
    expect(stored.map((row) => row.text)).toEqual(["Muy puntual"]);
  });

  it("an action stored before payloads were kept (no hash) still replays its first answer", async () => {
    const { ana, tripId } = await tripInProgress();
    const actionId = randomUUID();
    const first = await call("POST", API.transportService.cancel.path, ana.session, {
      intermediateRouteId: tripId,
      comment: "Primero",
      actionId,
    });
    expect(first.statusCode).toBe(201);
    const { db } = await testDatabase();
    await db.update(clientActions).set({ payloadHash: null }).where(eq(clientActions.actionId, actionId));
    const again = await call("POST", API.transportService.cancel.path, ana.session, {
      intermediateRouteId: tripId,
      comment: "Otro",
      actionId,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });

  it("does not keep a failed action: a retry runs it again", async () => {
    const driver = await signedInDriver(app);
    const ana = await signedInCollaborator(app);
    const route = await routeWith({ driverIds: [driver.driver.id], employeeIds: [ana.employee.id] });
    const actionId = randomUUID();
    const early = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      actionId,
    });
    expect(early.statusCode).toBe(409);
    await call("PUT", API.intermediateRoute.start.path, driver.session, { routeId: route.id });
    const retried = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      actionId,
    });
    expect(retried.statusCode).toBe(201);
  });
});

describe("replays after the trip ended", () => {
  it("answers a retried position and scan with their first result even after End", async () => {
    const { driver, ana, tripId } = await tripInProgress();
    const position = {
      intermediateRouteId: tripId,
      latitude: 18.45,
      longitude: -69.95,
      recordedAt: new Date().toISOString(),
      actionId: randomUUID(),
    };
    const scan = { codeQr: ana.employee.codeQr, actionId: randomUUID() };
    expect(
      (await call("POST", API.intermediateRoute.position.path, driver.session, position)).statusCode,
    ).toBe(200);
    const first = await call("POST", API.transportService.scan.path, driver.session, scan);
    await call("PUT", API.intermediateRoute.end.path, driver.session, { intermediateRouteId: tripId });
    const again = await call("POST", API.intermediateRoute.position.path, driver.session, position);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: "Ubicación registrada" });
    const rescan = await call("POST", API.transportService.scan.path, driver.session, scan);
    expect(rescan.statusCode).toBe(201);
    expect(rescan.json()).toEqual(first.json());
  });
});

describe("boarding evidence and manual boarding", () => {
  it("stores the scan's device time, position and method qr", async () => {
    const { driver, ana, tripId } = await tripInProgress();
    const { db } = await testDatabase();
    const startedAt = new Date(Date.now() - 10 * MINUTE);
    await db.update(intermediateRoutes).set({ startedAt }).where(eq(intermediateRoutes.id, tripId));
    const scannedAt = new Date(Date.now() - 5 * MINUTE).toISOString();
    const scanned = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      scannedAt,
      latitude: 18.47,
      longitude: -69.9,
    });
    expect(scanned.statusCode).toBe(201);
    expect(scanned.json().scannedDate).toBe(scannedAt);
    const [row] = await servicesOfTrip(tripId);
    expect(row).toMatchObject({
      boardingMethod: "qr",
      boardingReason: null,
      boardedLatitude: 18.47,
      boardedLongitude: -69.9,
    });
    expect(row?.scannedAt?.toISOString()).toBe(scannedAt);
  });

  it("boards a rider of the trip manually with a required reason, once", async () => {
    const { driver, ana, tripId } = await tripInProgress();
    const url = API.transportService.manual.path;
    const missing = await call("POST", url, driver.session, { employeeId: ana.employee.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: "Este campo es requerido",
      errors: { reason: "Este campo es requerido" },
    });
    const blank = await call("POST", url, driver.session, { employeeId: ana.employee.id, reason: "  " });
    expect(blank.json().errors).toEqual({ reason: "Este campo es requerido" });
    const boarded = await call("POST", url, driver.session, {
      employeeId: ana.employee.id,
      reason: "Olvidó el teléfono",
      latitude: 18.5,
      longitude: -69.8,
    });
    expect(boarded.statusCode).toBe(201);
    expect(boarded.json()).toMatchObject({
      employeeId: ana.employee.id,
      boardingMethod: "manual",
      name: "Ana",
    });
    const [row] = await servicesOfTrip(tripId);
    expect(row).toMatchObject({
      boardingMethod: "manual",
      boardingReason: "Olvidó el teléfono",
      boardedLatitude: 18.5,
    });
    const second = await call("POST", url, driver.session, {
      employeeId: ana.employee.id,
      reason: "otra vez",
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ALREADY_SCANNED_MESSAGE);

    const riders = await call(
      "GET",
      `${API.transportService.listEmployee.path}?intermediateRouteId=${tripId}`,
      admin,
    );
    expect(riders.json().find((r: { employeeId: number }) => r.employeeId === ana.employee.id)).toMatchObject(
      {
        status: "Boarded",
        boardingMethod: "manual",
        boardingReason: "Olvidó el teléfono",
      },
    );
  });

  it("refuses someone not on the trip's roster (manual, and a scan with expectedOnly), recording nothing", async () => {
    const { driver, tripId } = await tripInProgress();
    const stranger = await signedInCollaborator(app);
    const manual = await call("POST", API.transportService.manual.path, driver.session, {
      employeeId: stranger.employee.id,
      reason: "Se subió",
    });
    expect(manual.statusCode).toBe(403);
    expect(manual.json().message).toBe("El colaborador no está en la lista de esta ruta");
    const scanned = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: stranger.employee.codeQr,
      expectedOnly: true,
    });
    expect(scanned.statusCode).toBe(403);
    const unknown = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: "QR-de-nadie",
      expectedOnly: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Código QR no válido");
    const nobody = await call("POST", API.transportService.manual.path, driver.session, {
      employeeId: 2_000_000_000,
      reason: "x",
    });
    expect(nobody.statusCode).toBe(404);
    expect(await servicesOfTrip(tripId)).toHaveLength(0);
  });

  it("lets only drivers board manually", async () => {
    const ana = await signedInCollaborator(app);
    const body = { employeeId: ana.employee.id, reason: "x" };
    expect((await call("POST", API.transportService.manual.path, admin, body)).statusCode).toBe(403);
    expect((await call("POST", API.transportService.manual.path, ana.session, body)).statusCode).toBe(403);
    expect((await call("POST", API.transportService.manual.path, undefined, body)).statusCode).toBe(401);
  });
});

describe("device times of offline actions", () => {
  it("refuses a scan before the trip's start or in the future, with a clear message", async () => {
    const { driver, ana, tripId } = await tripInProgress();
    const started = (await tripRow(tripId))?.startedAt ?? new Date();
    const before = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      scannedAt: new Date(started.getTime() - 3 * MINUTE).toISOString(),
    });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({
      message: BEFORE_TRIP_START_MESSAGE,
      errors: { scannedAt: BEFORE_TRIP_START_MESSAGE },
    });
    const future = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      scannedAt: new Date(Date.now() + 5 * MINUTE).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(IN_THE_FUTURE_MESSAGE);
    const invalid = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      scannedAt: "ayer",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({ scannedAt: "Fecha y hora inválidas (ISO 8601)" });
    expect(await servicesOfTrip(tripId)).toHaveLength(0);
    // Within the tolerance a slightly early clock is accepted (and clamped to the start).
    const early = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      scannedAt: new Date(started.getTime() - MINUTE).toISOString(),
    });
    expect(early.statusCode).toBe(201);
    expect(early.json().scannedDate).toBe(started.toISOString());
  });

  it("ends at the device's endedAt, not before the last boarding nor in the future", async () => {
    const { driver, ana, tripId } = await tripInProgress();
    const { db } = await testDatabase();
    const startedAt = new Date(Date.now() - 30 * MINUTE);
    await db.update(intermediateRoutes).set({ startedAt }).where(eq(intermediateRoutes.id, tripId));
    const scannedAt = new Date(Date.now() - 10 * MINUTE).toISOString();
    await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
      scannedAt,
    });
    const end = (endedAt: string) =>
      call("PUT", API.intermediateRoute.end.path, driver.session, { intermediateRouteId: tripId, endedAt });
    const beforeBoarding = await end(new Date(Date.now() - 20 * MINUTE).toISOString());
    expect(beforeBoarding.statusCode).toBe(400);
    expect(beforeBoarding.json().message).toBe(END_BEFORE_LAST_BOARDING_MESSAGE);
    const future = await end(new Date(Date.now() + 10 * MINUTE).toISOString());
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(IN_THE_FUTURE_MESSAGE);
    expect((await tripRow(tripId))?.status).toBe("InProgress");
    const endedAt = new Date(Date.now() - 5 * MINUTE).toISOString();
    const ended = await end(endedAt);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().intermediateRoute.endedDate).toBe(endedAt);
  });

  it("refuses a queued position outside the trip's time", async () => {
    const { driver, tripId } = await tripInProgress();
    const sent = await call("POST", API.intermediateRoute.position.path, driver.session, {
      intermediateRouteId: tripId,
      latitude: 18.4,
      longitude: -69.9,
      recordedAt: new Date(Date.now() - 60 * MINUTE).toISOString(),
      actionId: randomUUID(),
    });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().message).toBe(BEFORE_TRIP_START_MESSAGE);
  });
});

describe("a driver acts only on its own trips", () => {
  it("answers 403 to another driver's End (with or without an action id) and boards nothing on it", async () => {
    const { tripId } = await tripInProgress();
    const other = await signedInDriver(app);
    for (const payload of [
      { intermediateRouteId: tripId },
      { intermediateRouteId: tripId, actionId: randomUUID() },
    ]) {
      const refused = await call("PUT", API.intermediateRoute.end.path, other.session, payload);
      expect(refused.statusCode).toBe(403);
    }
    const position = await call("POST", API.intermediateRoute.position.path, other.session, {
      intermediateRouteId: tripId,
      latitude: 18.4,
      longitude: -69.9,
      actionId: randomUUID(),
    });
    expect(position.statusCode).toBe(403);
    expect(
      (await call("GET", apiPath(API.intermediateRoute.current, { id: tripId }), other.session)).statusCode,
    ).toBe(403);
    expect((await tripRow(tripId))?.status).toBe("InProgress");
  });
});
