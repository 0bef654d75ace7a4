import { API } from "@treiber/contract/api-paths";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, routeEmployees, users } from "../../src/db/schema.js";
import { createDriver, createEmployee, createRoute } from "../helpers/route-factories.js";
import {
  buildTestApp,
  createUser,
  type SignedIn,
  signedInAs,
  testDatabase,
  unique,
} from "../helpers/test-app.js";

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const call = (method: "GET" | "PUT" | "DELETE", url: string, headers = admin.headers) =>
  app.inject({ method, url, headers });

const addEmployee = (employeeId: number, routeId: number, headers = admin.headers) =>
  call("PUT", `${API.employee.addRoute.path}?employeeId=${employeeId}&routeId=${routeId}`, headers);
const addDriver = (driverId: number, routeId: number, headers = admin.headers) =>
  call("PUT", `${API.driver.addRoute.path}?driverId=${driverId}&routeId=${routeId}`, headers);

async function assignedNotifications(routeName: string) {
  const { db } = await testDatabase();
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.tag, "ASSIGNED"), eq(notifications.title, "Colaborador asignado")))
    .then((rows) => rows.filter((row) => row.message.endsWith(`a la ruta ${routeName}`)));
}

async function activeAdminIds() {
  const { db } = await testDatabase();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ["Admin", "SuperAdmin"]), eq(users.status, "active")));
  return rows.map((row) => row.id);
}

describe("Employee route assignment", () => {
  it("assigns, lists, notifies every active admin but the one who assigned, and removes", async () => {
    const otherAdmin = await signedInAs(app, "Admin");
    const superAdmin = await createUser({ role: "SuperAdmin" });
    const inactiveAdmin = await createUser({ role: "Admin", status: "inactive" });
    const collaborator = await createUser({ role: "Collaborator" });
    const route = await createRoute({ name: unique("Ruta Naco "), dayIds: [2, 4] });
    await addDriver((await createDriver({ name: "Pedro", lastname: "Santos" })).id, route.id);
    await addDriver((await createDriver({ name: "Luis", lastname: "Gómez" })).id, route.id);
    const employee = await createEmployee({ name: "Ana", lastname: "Féliz" });

    const adminsBefore = await activeAdminIds();
    const response = await addEmployee(employee.id, route.id);
    expect(response.statusCode).toBe(200);

    const rows = await assignedNotifications(route.name);
    const recipients = rows.map((row) => row.userId);
    expect(recipients).toEqual(expect.arrayContaining([otherAdmin.userId, superAdmin.id]));
    expect(recipients).not.toContain(admin.userId);
    expect(recipients).not.toContain(inactiveAdmin.id);
    expect(recipients).not.toContain(collaborator.id);
    expect(new Set(recipients).size).toBe(recipients.length);
    const admins = await activeAdminIds();
    expect(recipients.every((id) => admins.includes(id))).toBe(true);
    expect(recipients).toEqual(expect.arrayContaining(adminsBefore.filter((id) => id !== admin.userId)));
    const mine = rows.find((row) => row.userId === otherAdmin.userId);
    expect(mine?.message).toContain("Ana Féliz fue asignad");
    expect(JSON.parse(mine?.messageJson ?? "{}")).toEqual({
      DriverName: "Pedro",
      DriverLastname: "Santos",
      EmployeeName: "Ana",
      EmployeeLastname: "Féliz",
      Comment: "",
      RouteName: route.name,
    });

    const onThisRoute = (n: { tag: string; messageJson: string }) =>
      n.tag === "ASSIGNED" && JSON.parse(n.messageJson).RouteName === route.name;
    const unread = await app.inject({
      method: "GET",
      url: API.notification.unread.path,
      headers: otherAdmin.headers,
    });
    expect(unread.json().some(onThisRoute)).toBe(true);
    const own = await app.inject({
      method: "GET",
      url: API.notification.unread.path,
      headers: admin.headers,
    });
    expect(own.json().some(onThisRoute)).toBe(false);

    const listed = await call("GET", `${API.employee.routes.path}?employeeId=${employee.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      expect.objectContaining({
        id: route.id,
        name: route.name,
        days: [
          { id: 2, name: "Martes" },
          { id: 4, name: "Jueves" },
        ],
        departureTime: "07:30",
        cost: 12.5,
        status: "active",
      }),
    ]);

    const removed = await call(
      "DELETE",
      `${API.employee.removeRoute.path}?employeeId=${employee.id}&routeId=${route.id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect((await call("GET", `${API.employee.routes.path}?employeeId=${employee.id}`)).json()).toEqual([]);
    const again = await call(
      "DELETE",
      `${API.employee.removeRoute.path}?employeeId=${employee.id}&routeId=${route.id}`,
    );
    expect(again.statusCode).toBe(404);
  });

  it("uses empty driver names when the route has no driver", async () => {
    const route = await createRoute();
    const employee = await createEmployee({ name: "Rosa", lastname: "Peña" });
    expect((await addEmployee(employee.id, route.id)).statusCode).toBe(200);
    const [row] = await assignedNotifications(route.name);
    expect(JSON.parse(row?.messageJson ?? "{}")).toMatchObject({ DriverName: "", DriverLastname: "" });
  });

  it("answers 409 when assigned twice, without a second notification", async () => {
    const route = await createRoute();
    const employee = await createEmployee();
    expect((await addEmployee(employee.id, route.id)).statusCode).toBe(200);
    const before = (await assignedNotifications(route.name)).length;
    const twice = await addEmployee(employee.id, route.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("El colaborador ya está asignado a esta ruta");
    expect((await assignedNotifications(route.name)).length).toBe(before);
  });

  it("refuses inactive routes and inactive collaborators with 409, writing nothing", async () => {
    const inactiveRoute = await createRoute({ status: "inactive" });
    const employee = await createEmployee();
    const onInactiveRoute = await addEmployee(employee.id, inactiveRoute.id);
    expect(onInactiveRoute.statusCode).toBe(409);
    expect(onInactiveRoute.json().message).toBe("No se puede asignar un registro inactivo");

    const route = await createRoute();
    const inactive = await createEmployee({ status: "inactive" });
    const inactiveEmployee = await addEmployee(inactive.id, route.id);
    expect(inactiveEmployee.statusCode).toBe(409);
    expect(inactiveEmployee.json().message).toBe("No se puede asignar un registro inactivo");

    const { db } = await testDatabase();
    const rows = await db
      .select()
      .from(routeEmployees)
      .where(inArray(routeEmployees.routeId, [inactiveRoute.id, route.id]));
    expect(rows).toEqual([]);
    expect(await assignedNotifications(route.name)).toEqual([]);
    expect(await assignedNotifications(inactiveRoute.name)).toEqual([]);
  });

  it("answers 404 for unknown ids and 400 for missing or malformed ids", async () => {
    const route = await createRoute();
    const employee = await createEmployee();
    expect((await addEmployee(999_999_999, route.id)).json().message).toBe("Colaborador no encontrado");
    expect((await addEmployee(999_999_999, route.id)).statusCode).toBe(404);
    expect((await addEmployee(employee.id, 999_999_999)).statusCode).toBe(404);
    expect((await addEmployee(employee.id, 999_999_999)).json().message).toBe("Ruta no encontrada");
    expect((await call("GET", `${API.employee.routes.path}?employeeId=999999999`)).statusCode).toBe(404);
    expect(
      (await call("DELETE", `${API.employee.removeRoute.path}?employeeId=999999999&routeId=${route.id}`))
        .statusCode,
    ).toBe(404);
    const unknownRoute = await call(
      "DELETE",
      `${API.employee.removeRoute.path}?employeeId=${employee.id}&routeId=999999999`,
    );
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.json().message).toBe("Ruta no encontrada");
    const missing = await call("PUT", API.employee.addRoute.path);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      employeeId: "Este campo es requerido",
      routeId: "Este campo es requerido",
    });
    const malformed = await call("PUT", `${API.employee.addRoute.path}?employeeId=abc&routeId=${route.id}`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toMatchObject({ employeeId: "Identificador inválido" });
    expect((await call("GET", API.employee.routes.path)).statusCode).toBe(400);
  });
});

describe("Driver route assignment", () => {
  it("assigns, lists, refuses twice, removes", async () => {
    const route = await createRoute({ cost: "0.99" });
    const driver = await createDriver();
    expect((await addDriver(driver.id, route.id)).statusCode).toBe(200);
    const twice = await addDriver(driver.id, route.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("El chofer ya está asignado a esta ruta");
    const listed = await call("GET", `${API.driver.routes.path}?driverId=${driver.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ id: route.id, cost: 0.99 })]);
    expect((await assignedNotifications(route.name)).length).toBe(0);
    expect(
      (await call("DELETE", `${API.driver.removeRoute.path}?driverId=${driver.id}&routeId=${route.id}`))
        .statusCode,
    ).toBe(200);
    expect((await call("GET", `${API.driver.routes.path}?driverId=${driver.id}`)).json()).toEqual([]);
    expect(
      (await call("DELETE", `${API.driver.removeRoute.path}?driverId=${driver.id}&routeId=${route.id}`))
        .statusCode,
    ).toBe(404);
  });

  it("refuses inactive drivers and routes (409) and unknown ids (404)", async () => {
    const route = await createRoute();
    const inactiveDriver = await createDriver({ status: "inactive" });
    const refused = await addDriver(inactiveDriver.id, route.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("No se puede asignar un registro inactivo");
    const inactiveRoute = await createRoute({ status: "inactive" });
    const driver = await createDriver();
    expect((await addDriver(driver.id, inactiveRoute.id)).statusCode).toBe(409);
    expect((await addDriver(999_999_999, route.id)).statusCode).toBe(404);
    expect((await addDriver(driver.id, 999_999_999)).statusCode).toBe(404);
    expect((await call("GET", `${API.driver.routes.path}?driverId=999999999`)).statusCode).toBe(404);
    expect((await call("GET", `${API.driver.routes.path}?driverId=${inactiveDriver.id}`)).json()).toEqual([]);
  });
});

describe("assignment access", () => {
  it("401 without a token, 403 for Collaborator and Driver, 200 for SuperAdmin", async () => {
    const route = await createRoute();
    const employee = await createEmployee();
    const driver = await createDriver();
    const urls: ["GET" | "PUT" | "DELETE", string][] = [
      ["PUT", `${API.employee.addRoute.path}?employeeId=${employee.id}&routeId=${route.id}`],
      ["DELETE", `${API.employee.removeRoute.path}?employeeId=${employee.id}&routeId=${route.id}`],
      ["GET", `${API.employee.routes.path}?employeeId=${employee.id}`],
      ["PUT", `${API.driver.addRoute.path}?driverId=${driver.id}&routeId=${route.id}`],
      ["DELETE", `${API.driver.removeRoute.path}?driverId=${driver.id}&routeId=${route.id}`],
      ["GET", `${API.driver.routes.path}?driverId=${driver.id}`],
    ];
    const collaborator = await signedInAs(app, "Collaborator");
    const driverSession = await signedInAs(app, "Driver");
    const superAdmin = await signedInAs(app, "SuperAdmin");
    for (const [method, url] of urls) {
      expect((await app.inject({ method, url })).statusCode).toBe(401);
      expect((await call(method, url, collaborator.headers)).statusCode).toBe(403);
      expect((await call(method, url, driverSession.headers)).statusCode).toBe(403);
      expect((await call(method, url, superAdmin.headers)).statusCode, `${method} ${url}`).toBe(200);
    }
  });
});
