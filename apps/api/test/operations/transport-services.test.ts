import {
  ALREADY_SCANNED_MESSAGE,
  NO_TRIP_IN_PROGRESS_MESSAGE,
  NOT_ASSIGNED_MESSAGE,
  TRIP_FINISHED_MESSAGE,
} from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../src/db/schema.js";
import {
  recordRealtime,
  routeNotScheduledOf,
  routeWith,
  servicesOfTrip,
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

const call = (method: "GET" | "POST" | "PUT", url: string, session: SignedIn | undefined, payload?: object) =>
  app.inject({ method, url, headers: { ...session?.headers }, ...(payload && { payload }) });

const scan = (session: SignedIn, codeQr: string, intermediateRouteId?: number) =>
  call("POST", API.transportService.scan.path, session, {
    codeQr,
    ...(intermediateRouteId && { intermediateRouteId }),
  });

/** A driver with a trip in progress on a route with two assigned collaborators. */
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

async function notificationsOf(userId: number, tag: string) {
  const { db } = await testDatabase();
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.tag, tag)));
}

describe("POST /api/v1/TransportService (QR scan)", () => {
  it("boards a collaborator once and refuses a second scan", async () => {
    const { driver, ana, tripId } = await tripInProgress();
    const first = await scan(driver.session, ana.employee.codeQr, tripId);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: "Servicio registrado",
      intermediateRouteId: tripId,
      employeeId: ana.employee.id,
      name: "Ana",
      lastname: "Féliz",
      codeEmployee: ana.employee.codeEmployee,
    });
    const second = await scan(driver.session, ana.employee.codeQr);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ statusCode: 409, message: ALREADY_SCANNED_MESSAGE });
    expect(await servicesOfTrip(tripId)).toHaveLength(1);
  });

  it("leaves exactly one row under five concurrent scans of the same QR", async () => {
    const { driver, ana, tripId } = await tripInProgress();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => scan(driver.session, ana.employee.codeQr)),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await servicesOfTrip(tripId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ employeeId: ana.employee.id, status: "Boarded" });
  });

  it("boards a collaborator who had cancelled, on the same row", async () => {
    const { driver, ana, tripId } = await tripInProgress();
    const canceled = await call("POST", API.transportService.cancel.path, ana.session, {
      intermediateRouteId: tripId,
      comment: "Me quedé dormida",
    });
    expect(canceled.statusCode).toBe(201);
    expect((await scan(driver.session, ana.employee.codeQr)).statusCode).toBe(201);
    const rows = await servicesOfTrip(tripId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("Boarded");
  });

  it("refuses without a trip in progress, an unknown QR, an inactive collaborator and a wrong trip", async () => {
    const idle = await signedInDriver(app);
    const ana = await signedInCollaborator(app);
    const noTrip = await scan(idle.session, ana.employee.codeQr);
    expect(noTrip.statusCode).toBe(409);
    expect(noTrip.json().message).toBe(NO_TRIP_IN_PROGRESS_MESSAGE);

    const { driver, tripId } = await tripInProgress();
    const unknown = await scan(driver.session, "no-such-qr");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Código QR no válido");
    const inactive = await signedInCollaborator(app, { status: "inactive" });
    const refused = await scan(driver.session, inactive.employee.codeQr);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("El colaborador está inactivo");
    const wrongTrip = await scan(driver.session, ana.employee.codeQr, tripId + 100_000);
    expect(wrongTrip.statusCode).toBe(409);
    expect(wrongTrip.json().message).toBe("La ruta indicada no es su ruta en curso");

    // After End the driver has no trip in progress any more.
    await call("PUT", API.intermediateRoute.end.path, driver.session, { intermediateRouteId: tripId });
    expect((await scan(driver.session, ana.employee.codeQr)).json().message).toBe(
      NO_TRIP_IN_PROGRESS_MESSAGE,
    );
  });

  it("answers 401, 403 and 400", async () => {
    const { driver } = await signedInDriver(app);
    const ana = await signedInCollaborator(app);
    expect((await call("POST", API.transportService.scan.path, undefined, { codeQr: "x" })).statusCode).toBe(
      401,
    );
    expect((await scan(admin, "x")).statusCode).toBe(403);
    expect((await scan(ana.session, "x")).statusCode).toBe(403);
    const session = (await signedInDriver(app)).session;
    const empty = await call("POST", API.transportService.scan.path, session, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      message: "Este campo es requerido",
      errors: { codeQr: "Este campo es requerido" },
    });
    expect((await scan(session, "   ")).statusCode).toBe(400);
    expect(driver.id).toBeGreaterThan(0);
  });
});

describe("GET listEmployee and finished/listEmployee", () => {
  it("lists expected, boarded and cancelled collaborators, and only what happened once finished", async () => {
    const { driver, ana, beto, tripId } = await tripInProgress();
    const carla = await signedInCollaborator(app, { name: "Carla", lastname: "Díaz" });
    await scan(driver.session, carla.employee.codeQr); // not on the route, boards anyway
    await call("POST", API.transportService.cancel.path, beto.session, {
      intermediateRouteId: tripId,
      comment: "Tengo cita médica",
    });

    const listed = await call(
      "GET",
      `${API.transportService.listEmployee.path}?intermediateRouteId=${tripId}`,
      admin,
    );
    expect(listed.statusCode).toBe(200);
    const byId = new Map(listed.json().map((r: { employeeId: number }) => [r.employeeId, r]));
    expect(byId.get(ana.employee.id)).toMatchObject({ status: "Pending", name: "Ana", scannedDate: null });
    expect(byId.get(beto.employee.id)).toMatchObject({ status: "Canceled", comment: "Tengo cita médica" });
    expect(byId.get(carla.employee.id)).toMatchObject({ status: "Boarded", name: "Carla" });
    expect(byId.size).toBe(3);
    // The driver sees its own trip's list.
    expect(
      (
        await call(
          "GET",
          `${API.transportService.listEmployee.path}?intermediateRouteId=${tripId}`,
          driver.session,
        )
      ).statusCode,
    ).toBe(200);

    await call("PUT", API.intermediateRoute.end.path, driver.session, { intermediateRouteId: tripId });
    const finished = await call(
      "GET",
      `${API.transportService.finishedListEmployee.path}?intermediateRouteId=${tripId}`,
      admin,
    );
    expect(finished.statusCode).toBe(200);
    expect(
      finished
        .json()
        .map((r: { employeeId: number; status: string }) => [r.employeeId, r.status])
        .sort(),
    ).toEqual(
      [
        [beto.employee.id, "Canceled"],
        [carla.employee.id, "Boarded"],
      ].sort(),
    );
  });

  it("answers 401, 403, 400 and 404", async () => {
    const { tripId } = await tripInProgress();
    const other = await signedInDriver(app);
    const ana = await signedInCollaborator(app);
    for (const endpoint of [API.transportService.listEmployee, API.transportService.finishedListEmployee]) {
      const path = apiPath(endpoint);
      const url = `${path}?intermediateRouteId=${tripId}`;
      expect((await call("GET", url, undefined)).statusCode).toBe(401);
      expect((await call("GET", url, ana.session)).statusCode).toBe(403);
      expect((await call("GET", url, other.session)).statusCode).toBe(403);
      expect((await call("GET", path, admin)).statusCode).toBe(400);
      const missing = await call("GET", `${path}?intermediateRouteId=2000000000`, admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe("Ruta intermedia no encontrada");
    }
  });
});

describe("cancelling a service", () => {
  it("stores the cancellation, notifies every active admin and pushes ReceiveNotification", async () => {
    const { driver, ana, route, tripId } = await tripInProgress();
    const superAdmin = await createUser({ role: "SuperAdmin" });
    const inactiveAdmin = await createUser({ role: "Admin", status: "inactive" });
    const recorder = recordRealtime(app);
    const response = await call("POST", API.transportService.cancel.path, ana.session, {
      intermediateRouteId: tripId,
      comment: "  No iré hoy  ",
    });
    recorder.stop();
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: "Servicio cancelado" });

    const expectedJson = {
      DriverName: "Pedro",
      DriverLastname: "Santos",
      EmployeeName: "Ana",
      EmployeeLastname: "Féliz",
      Comment: "No iré hoy",
      RouteName: route.name,
    };
    for (const userId of [admin.userId, superAdmin.id]) {
      const rows = (await notificationsOf(userId, "CANCELED")).filter(
        (row) => JSON.parse(row.messageJson).RouteName === route.name,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ title: "Servicio cancelado", readAt: null });
      expect(rows[0]?.message).toContain("Ana Féliz canceló su servicio");
      expect(JSON.parse(rows[0]?.messageJson ?? "{}")).toEqual(expectedJson);
    }
    expect(await notificationsOf(inactiveAdmin.id, "CANCELED")).toHaveLength(0);
    expect(await notificationsOf(ana.user.id, "CANCELED")).toHaveLength(0);
    expect(await notificationsOf(driver.user.id, "CANCELED")).toHaveLength(0);

    const pushed = recorder.events.filter((event) => event.target === "ReceiveNotification");
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.audience).toEqual({ kind: "admins", exceptUserId: ana.user.id });
    const payload = JSON.parse(String(pushed[0]?.args[0]));
    expect(payload).toMatchObject({ title: "Servicio cancelado", tag: "CANCELED" });
    expect(payload.message).toContain("No iré hoy");
    expect(JSON.parse(payload.messageJson)).toEqual(expectedJson);

    // The admin reads the comment and sees it unread in the bell.
    const comment = await call(
      "GET",
      apiPath(API.transportService.cancelComment, {
        intermediateRouteId: tripId,
        employeeId: ana.employee.id,
      }),
      admin,
    );
    expect(comment.statusCode).toBe(200);
    expect(comment.json()).toMatchObject({
      intermediateRouteId: tripId,
      employeeId: ana.employee.id,
      name: "Ana",
      comment: "No iré hoy",
    });
    const bell = await call("GET", API.notification.unread.path, admin);
    expect(
      bell
        .json()
        .some(
          (n: { tag: string; messageJson: string }) =>
            n.tag === "CANCELED" && JSON.parse(n.messageJson).RouteName === route.name,
        ),
    ).toBe(true);
  });

  it("refuses a second cancellation, a boarded collaborator, a stranger and a finished trip", async () => {
    const { driver, ana, beto, tripId } = await tripInProgress();
    const cancel = (session: SignedIn, intermediateRouteId = tripId) =>
      call("POST", API.transportService.cancel.path, session, {
        intermediateRouteId,
        comment: "No puedo",
      });
    expect((await cancel(ana.session)).statusCode).toBe(201);
    const again = await cancel(ana.session);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Ya canceló su servicio en esta ruta");

    await scan(driver.session, beto.employee.codeQr);
    const boarded = await cancel(beto.session);
    expect(boarded.statusCode).toBe(409);
    expect(boarded.json().message).toBe("Ya abordó esta ruta; no puede cancelar el servicio");

    const stranger = await signedInCollaborator(app);
    const notOnRoute = await cancel(stranger.session);
    expect(notOnRoute.statusCode).toBe(403);
    expect(notOnRoute.json().message).toBe(NOT_ASSIGNED_MESSAGE);

    expect((await cancel(ana.session, 2_000_000_000)).statusCode).toBe(404);
    await call("PUT", API.intermediateRoute.end.path, driver.session, { intermediateRouteId: tripId });
    const late = await call("POST", API.transportService.cancel.path, stranger.session, {
      intermediateRouteId: tripId,
      comment: "x",
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(TRIP_FINISHED_MESSAGE);
    expect((await servicesOfTrip(tripId)).map((row) => row.status).sort()).toEqual(["Boarded", "Canceled"]);
  });

  it("validates its body and roles; the comment call answers 404 without a cancellation", async () => {
    const { ana, beto, tripId } = await tripInProgress();
    const empty = await call("POST", API.transportService.cancel.path, ana.session, {
      intermediateRouteId: tripId,
      comment: " ",
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.comment).toBe("Este campo es requerido");
    const long = await call("POST", API.transportService.cancel.path, ana.session, {
      intermediateRouteId: tripId,
      comment: "x".repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("Máximo 500 caracteres");
    const driver = await signedInDriver(app);
    expect(
      (
        await call("POST", API.transportService.cancel.path, driver.session, {
          intermediateRouteId: tripId,
          comment: "x",
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call("POST", API.transportService.cancel.path, undefined, {
          intermediateRouteId: tripId,
          comment: "x",
        })
      ).statusCode,
    ).toBe(401);

    const url = apiPath(API.transportService.cancelComment, {
      intermediateRouteId: tripId,
      employeeId: beto.employee.id,
    });
    const none = await call("GET", url, admin);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("El colaborador no canceló su servicio en esta ruta");
    expect((await call("GET", url, beto.session)).statusCode).toBe(403);
    expect((await call("GET", url, undefined)).statusCode).toBe(401);
    expect(
      (
        await call(
          "GET",
          apiPath(API.transportService.cancelComment, {
            intermediateRouteId: 2000000000,
            employeeId: beto.employee.id,
          }),
          admin,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          "GET",
          apiPath(API.transportService.cancelComment, {
            intermediateRouteId: tripId,
            employeeId: 2000000000,
          }),
          admin,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          "GET",
          apiPath(API.transportService.cancelComment, { intermediateRouteId: tripId, employeeId: 0 }),
          admin,
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe("commenting on a trip", () => {
  it("lets a rider comment, notifies the admins (COMMENT) and refuses non-riders", async () => {
    const { driver, ana, beto, route, tripId } = await tripInProgress();
    await scan(driver.session, ana.employee.codeQr);
    const recorder = recordRealtime(app);
    const response = await call("POST", API.intermediateRoute.comment.path, ana.session, {
      intermediateRouteId: tripId,
      comment: "El chofer fue muy amable",
    });
    recorder.stop();
    expect(response.statusCode).toBe(201);
    const rows = (await notificationsOf(admin.userId, "COMMENT")).filter(
      (row) => JSON.parse(row.messageJson).RouteName === route.name,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.title).toBe("Nuevo comentario");
    expect(JSON.parse(rows[0]?.messageJson ?? "{}")).toEqual({
      DriverName: "Pedro",
      DriverLastname: "Santos",
      EmployeeName: "Ana",
      EmployeeLastname: "Féliz",
      Comment: "El chofer fue muy amable",
      RouteName: route.name,
    });
    const pushed = recorder.events.filter((event) => event.target === "ReceiveNotification");
    expect(pushed).toHaveLength(1);
    expect(JSON.parse(String(pushed[0]?.args[0]))).toMatchObject({
      title: "Nuevo comentario",
      tag: "COMMENT",
    });

    const comments = await call(
      "GET",
      apiPath(API.intermediateRoute.comments, { intermediateRouteId: tripId, employeeId: ana.employee.id }),
      admin,
    );
    expect(comments.json()).toEqual([expect.objectContaining({ comment: "El chofer fue muy amable" })]);

    const notRider = await call("POST", API.intermediateRoute.comment.path, beto.session, {
      intermediateRouteId: tripId,
      comment: "Hola",
    });
    expect(notRider.statusCode).toBe(403);
    expect(notRider.json().message).toBe("Solo puede comentar una ruta en la que viajó");
    expect(
      (
        await call("POST", API.intermediateRoute.comment.path, driver.session, {
          intermediateRouteId: tripId,
          comment: "x",
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call("POST", API.intermediateRoute.comment.path, ana.session, {
          intermediateRouteId: 2_000_000_000,
          comment: "x",
        })
      ).statusCode,
    ).toBe(404);
    const bad = await call("POST", API.intermediateRoute.comment.path, ana.session, {
      intermediateRouteId: tripId,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.comment).toBe("Este campo es requerido");
  });
});

describe("GET /api/v1/TransportService/current", () => {
  it("lists trips in progress on the collaborator's routes with its own state", async () => {
    const { driver, ana, tripId } = await tripInProgress();
    const rnsDriver = await signedInDriver(app);
    const rns = await routeNotScheduledOf(rnsDriver.driver.id, { employeeIds: [ana.employee.id] });
    const rnsTrip = await call("PUT", API.intermediateRoute.start.path, rnsDriver.session, {
      routeNotScheduledId: rns.id,
    });
    await scan(driver.session, ana.employee.codeQr);
    const response = await call("GET", API.transportService.current.path, ana.session);
    expect(response.statusCode).toBe(200);
    expect(response.json().response).toEqual([
      expect.objectContaining({
        intermediateRouteId: rnsTrip.json().intermediateRoute.id,
        status: "Pending",
      }),
      expect.objectContaining({ intermediateRouteId: tripId, status: "Boarded", driverName: "Pedro" }),
    ]);
    expect((await call("GET", API.transportService.current.path, driver.session)).statusCode).toBe(403);
  });
});

describe("route assignment notifications", () => {
  it("pushes ReceiveNotification (ASSIGNED) to the admins but the one who assigned, and the collaborator's own", async () => {
    const ana = await signedInCollaborator(app, { name: "Ana", lastname: "Féliz" });
    const otherAdmin = await createUser({ role: "Admin" });
    const route = await routeWith();
    const recorder = recordRealtime(app);
    const response = await call(
      "PUT",
      `${API.employee.addRoute.path}?employeeId=${ana.employee.id}&routeId=${route.id}`,
      admin,
    );
    recorder.stop();
    expect(response.statusCode).toBe(200);
    const pushed = recorder.events.filter((event) => event.target === "ReceiveNotification");
    expect(pushed).toHaveLength(2);
    expect(pushed[0]?.audience).toEqual({ kind: "admins", exceptUserId: admin.userId });
    const payload = JSON.parse(String(pushed[0]?.args[0]));
    expect(payload).toMatchObject({ title: "Colaborador asignado", tag: "ASSIGNED" });
    expect(JSON.parse(payload.messageJson)).toMatchObject({ EmployeeName: "Ana", RouteName: route.name });
    // Issue 33: Ana is told too, on her own connections, with her own text.
    expect(pushed[1]?.audience).toEqual({ kind: "user", userId: ana.user.id });
    expect(JSON.parse(String(pushed[1]?.args[0]))).toMatchObject({
      title: "Tu ruta cambió",
      message: expect.stringContaining(`Tu ruta cambió: te asignaron la ruta ${route.name}`),
      tag: "ASSIGNED",
    });
    const onRoute = async (userId: number) =>
      (await notificationsOf(userId, "ASSIGNED")).filter(
        (row) => JSON.parse(row.messageJson).RouteName === route.name,
      );
    expect(await onRoute(admin.userId)).toHaveLength(0);
    expect(await onRoute(otherAdmin.id)).toHaveLength(1);
    expect(await onRoute(ana.user.id)).toHaveLength(1);
  });
});
