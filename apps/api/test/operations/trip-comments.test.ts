import { randomUUID } from "node:crypto";
import {
  type Notification,
  TRIP_COMMENTS_PER_HOUR,
  TRIP_COMMENTS_PER_TRIP,
  TRIP_COMMENTS_PER_TRIP_MESSAGE,
} from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { and, eq, lt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, notifications } from "../../src/db/schema.js";
import type { Audience, RealtimeEvent } from "../../src/realtime/realtime-bus.js";
import {
  insertTrip,
  recordRealtime,
  routeWith,
  signedInCollaborator,
  signedInDriver,
} from "../helpers/operation-factories.js";
import { buildTestApp, createUser, type SignedIn, signedInAs, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const call = (method: "GET" | "POST" | "PUT", url: string, session: SignedIn, payload?: object) =>
  app.inject({ method, url, headers: { ...session.headers }, ...(payload && { payload }) });

const comment = (session: SignedIn, intermediateRouteId: number, text: string, actionId?: string) =>
  call("POST", API.intermediateRoute.comment.path, session, {
    intermediateRouteId,
    comment: text,
    ...(actionId && { actionId }),
  });

/** A trip in progress on which Ana and Beto boarded. */
async function riddenTrip() {
  const driver = await signedInDriver(app, { name: "Pedro", lastname: "Santos" });
  const ana = await signedInCollaborator(app, { name: "Ana", lastname: "Féliz" });
  const beto = await signedInCollaborator(app, { name: "Beto", lastname: "Cruz" });
  const route = await routeWith({
    driverIds: [driver.driver.id],
    employeeIds: [ana.employee.id, beto.employee.id],
  });
  const started = await call("PUT", API.intermediateRoute.start.path, driver.session, { routeId: route.id });
  expect(started.statusCode).toBe(200);
  const tripId = started.json().intermediateRoute.id as number;
  for (const rider of [ana, beto]) {
    const scanned = await call("POST", API.transportService.scan.path, driver.session, {
      codeQr: rider.employee.codeQr,
    });
    expect(scanned.statusCode).toBe(201);
  }
  return { driver, ana, beto, route, tripId };
}

/** A user's COMMENT notifications of a trip, oldest first. */
async function commentNotifications(userId: number, tripId: number) {
  const { db } = await testDatabase();
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.intermediateRouteId, tripId)));
  return rows.sort((a, b) => a.id - b.id);
}

/** Comments stored directly (no notification), `minutesAgo` each. */
async function pastComments(tripId: number, employeeId: number, minutesAgo: number[]) {
  const { db } = await testDatabase();
  await db.insert(comments).values(
    minutesAgo.map((minutes) => ({
      intermediateRouteId: tripId,
      employeeId,
      text: "Antes",
      createdAt: new Date(Date.now() - minutes * 60_000),
    })),
  );
}

const usersOf = (audience: Audience): number[] =>
  audience.kind === "user"
    ? [audience.userId]
    : audience.kind === "many"
      ? audience.audiences.flatMap(usersOf)
      : [];

/** The `ReceiveNotification` pushed to the user, if any (parsed). */
function pushedTo(events: RealtimeEvent[], userId: number) {
  const event = events.find(
    (item) => item.target === "ReceiveNotification" && usersOf(item.audience).includes(userId),
  );
  return event && JSON.parse(String(event.args[0]));
}

/** The admin's unread notifications of the trip's route, as the bell loads them. */
async function bell(session: SignedIn, routeName: string): Promise<Notification[]> {
  const response = await call("GET", API.notification.unread.path, session);
  expect(response.statusCode).toBe(200);
  return (response.json() as Notification[]).filter(
    (item) => JSON.parse(item.messageJson).RouteName === routeName,
  );
}

describe("the admins' notifications of a trip's comments", () => {
  it("groups consecutive comments into each admin's unread notification, rewritten and pushed again", async () => {
    const { ana, beto, route, tripId } = await riddenTrip();
    const superAdmin = await createUser({ role: "SuperAdmin" });

    let recorder = recordRealtime(app);
    expect((await comment(ana.session, tripId, "Uno")).statusCode).toBe(201);
    recorder.stop();
    const [first] = await commentNotifications(admin.userId, tripId);
    expect(first).toMatchObject({ title: "Nuevo comentario", eventCount: 1, readAt: null });
    expect(pushedTo(recorder.events, admin.userId)).toMatchObject({
      title: "Nuevo comentario",
      tag: "COMMENT",
    });
    expect(pushedTo(recorder.events, ana.user.id)).toBeUndefined();

    expect((await comment(beto.session, tripId, "Dos")).statusCode).toBe(201);
    recorder = recordRealtime(app);
    const before = Date.now();
    expect((await comment(ana.session, tripId, "Tres")).statusCode).toBe(201);
    recorder.stop();
    const rows = await commentNotifications(admin.userId, tripId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first?.id,
      title: "Nuevos comentarios",
      message: `3 comentarios nuevos en el viaje de la ruta ${route.name}; el último, de Ana Féliz: "Tres"`,
      eventCount: 3,
    });
    // Dated by its latest comment: the list (newest first) shows it where the push says.
    expect(rows[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.parse(rows[0]?.messageJson ?? "{}")).toMatchObject({ EmployeeName: "Ana", Comment: "Tres" });
    // One event for the admins who see the same text; the bell shows exactly what was pushed.
    expect(recorder.events.filter((event) => event.target === "ReceiveNotification")).toHaveLength(1);
    const pushed = pushedTo(recorder.events, admin.userId);
    const [shown] = await bell(admin, route.name);
    expect(await bell(admin, route.name)).toHaveLength(1);
    expect(pushed).toEqual({
      title: shown?.title,
      message: shown?.message,
      tag: "COMMENT",
      messageJson: shown?.messageJson,
    });
    expect(pushedTo(recorder.events, superAdmin.id)).toEqual(pushed);

    // Once read, the next comment is a new notification; an admin who did not read keeps grouping.
    const read = await call("PUT", apiPath(API.notification.markAsRead, { id: first?.id ?? 0 }), admin);
    expect(read.statusCode).toBe(200);
    recorder = recordRealtime(app);
    expect((await comment(beto.session, tripId, "Cuatro")).statusCode).toBe(201);
    recorder.stop();
    const after = await commentNotifications(admin.userId, tripId);
    expect(after.map((row) => [row.eventCount, row.readAt === null])).toEqual([
      [3, false],
      [1, true],
    ]);
    expect(after[1]?.title).toBe("Nuevo comentario");
    expect(pushedTo(recorder.events, admin.userId)?.title).toBe("Nuevo comentario");
    expect(await commentNotifications(superAdmin.id, tripId)).toEqual([
      expect.objectContaining({ eventCount: 4, title: "Nuevos comentarios" }),
    ]);
    expect(pushedTo(recorder.events, superAdmin.id)?.message).toMatch(/^4 comentarios nuevos en el viaje/);
    expect(pushedTo(recorder.events, beto.user.id)).toBeUndefined();
  });

  it("starts a new notification when the last comment is five minutes old", async () => {
    const { ana, tripId } = await riddenTrip();
    expect((await comment(ana.session, tripId, "Uno")).statusCode).toBe(201);
    const { db } = await testDatabase();
    await db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000 - 1000) })
      .where(eq(notifications.intermediateRouteId, tripId));
    expect((await comment(ana.session, tripId, "Dos")).statusCode).toBe(201);
    expect((await commentNotifications(admin.userId, tripId)).map((row) => row.eventCount)).toEqual([1, 1]);
  });
});

describe("a collaborator's comment limits", () => {
  it(`refuses the ${TRIP_COMMENTS_PER_TRIP + 1}th comment on a trip (409, for good); a repeat of an earlier one still replays`, async () => {
    const { ana, beto, tripId } = await riddenTrip();
    await pastComments(tripId, ana.employee.id, Array(TRIP_COMMENTS_PER_TRIP - 1).fill(1));
    const actionId = randomUUID();
    expect((await comment(ana.session, tripId, "La última", actionId)).statusCode).toBe(201);
    const refused = await comment(ana.session, tripId, "Una más");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ statusCode: 409, message: TRIP_COMMENTS_PER_TRIP_MESSAGE });
    expect(refused.headers["retry-after"]).toBeUndefined();
    expect((await comment(ana.session, tripId, "La última", actionId)).statusCode).toBe(201);
    const { db } = await testDatabase();
    const stored = await db
      .select()
      .from(comments)
      .where(and(eq(comments.intermediateRouteId, tripId), eq(comments.employeeId, ana.employee.id)));
    expect(stored).toHaveLength(TRIP_COMMENTS_PER_TRIP);
    expect((await commentNotifications(admin.userId, tripId)).map((row) => row.eventCount)).toEqual([1]);
    // The limit is each collaborator's.
    expect((await comment(beto.session, tripId, "Yo también")).statusCode).toBe(201);
  });

  it(`allows ${TRIP_COMMENTS_PER_HOUR} comments in an hour: then 429 with Retry-After and when to comment again`, async () => {
    const { driver, ana, route, tripId } = await riddenTrip();
    const earlier = await insertTrip({
      driverId: driver.driver.id,
      supplierId: driver.supplier.id,
      routeId: route.id,
      startedAt: new Date(Date.now() - 3 * 3_600_000),
    });
    // The oldest of the hour was 50 minutes ago; one of 61 minutes ago no longer counts.
    await pastComments(earlier.id, ana.employee.id, [61, 50, ...Array(TRIP_COMMENTS_PER_HOUR - 1).fill(5)]);
    const refused = await comment(ana.session, tripId, "Hola");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      `Envió ${TRIP_COMMENTS_PER_HOUR} comentarios en la última hora. Podrá comentar de nuevo en 10 minutos.`,
    );
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(await commentNotifications(admin.userId, tripId)).toEqual([]);

    // An hour after the oldest, 29 remain in the hour: one more is allowed.
    const { db } = await testDatabase();
    await db
      .update(comments)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(
        and(
          eq(comments.intermediateRouteId, earlier.id),
          lt(comments.createdAt, new Date(Date.now() - 30 * 60_000)),
        ),
      );
    expect((await comment(ana.session, tripId, "Hola")).statusCode).toBe(201);
    expect((await comment(ana.session, tripId, "Otra")).statusCode).toBe(429);
  });

  it("counts exactly under concurrent comments, and groups them into one notification", async () => {
    const { ana, tripId } = await riddenTrip();
    await pastComments(tripId, ana.employee.id, Array(TRIP_COMMENTS_PER_TRIP - 3).fill(1));
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => comment(ana.session, tripId, `A la vez ${i}`)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
    expect((await commentNotifications(admin.userId, tripId)).map((row) => row.eventCount)).toEqual([3]);
  });
});
