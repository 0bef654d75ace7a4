import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { transportServices } from "../../src/db/schema.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import { createMemoryBus } from "../../src/realtime/realtime-bus.js";
import { routeWith, signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { buildTestApp, signedInAs, signIn, testConfig, testDatabase, unique } from "../helpers/test-app.js";

// Issue 12, item 6: an access token stops working as soon as its user is deactivated or changes
// role, or its session ends — not when it expires 15 minutes later.

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "SuperAdmin");
});
afterAll(() => app.close());

const call = (
  target: FastifyInstance,
  method: "GET" | "POST" | "PUT",
  url: string,
  session: { headers: { authorization: string } },
  payload?: object,
) => target.inject({ method, url, headers: session.headers, ...(payload && { payload }) });

const supplierBody = () => ({
  name: unique("Transporte "),
  rnc: "130000001",
  contactName: "Pedro Martínez",
  telephone: "(809) 555-0000",
  email: `${unique("s")}@suplidor.do`,
});

describe("rights take effect at once", () => {
  it("a deactivated driver can no longer scan or end its trip", async () => {
    const driver = await signedInDriver(app);
    const ana = await signedInCollaborator(app);
    const beto = await signedInCollaborator(app);
    const route = await routeWith({
      driverIds: [driver.driver.id],
      employeeIds: [ana.employee.id, beto.employee.id],
    });
    const started = await call(app, "PUT", API.intermediateRoute.start.path, driver.session, {
      routeId: route.id,
    });
    expect(started.statusCode).toBe(200);
    const tripId = started.json().intermediateRoute.id as number;
    // The driver's rights are now remembered by the server.
    const scanned = await call(app, "POST", API.transportService.scan.path, driver.session, {
      codeQr: ana.employee.codeQr,
    });
    expect(scanned.statusCode).toBe(201);

    const off = await call(app, "PUT", API.driver.status.path, admin, {
      id: driver.driver.id,
      status: "inactive",
    });
    expect(off.statusCode).toBe(200);

    const scan = await call(app, "POST", API.transportService.scan.path, driver.session, {
      codeQr: beto.employee.codeQr,
    });
    expect(scan.statusCode).toBe(401);
    const end = await call(app, "PUT", API.intermediateRoute.end.path, driver.session, {
      intermediateRouteId: tripId,
    });
    expect(end.statusCode).toBe(401);
    const { db } = await testDatabase();
    const rows = await db
      .select()
      .from(transportServices)
      .where(eq(transportServices.intermediateRouteId, tripId));
    expect(rows.map((row) => row.employeeId)).toEqual([ana.employee.id]);
  });

  it("a demoted admin can no longer create a supplier; a new token carries the new role", async () => {
    const demoted = await signedInAs(app, "Admin");
    expect((await call(app, "POST", API.supplier.create.path, demoted, supplierBody())).statusCode).toBe(200);

    const role = await call(app, "POST", API.auth.roleUser.path, admin, {
      userId: demoted.userId,
      role: "Collaborator",
    });
    expect(role.statusCode).toBe(200);

    expect((await call(app, "POST", API.supplier.create.path, demoted, supplierBody())).statusCode).toBe(401);
    const refreshed = await app.inject({
      method: "POST",
      url: API.auth.refreshToken.path,
      payload: { refreshToken: demoted.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().roles).toEqual(["Collaborator"]);
    const renewed = { headers: { authorization: `Bearer ${refreshed.json().token}` } };
    expect((await call(app, "POST", API.supplier.create.path, renewed, supplierBody())).statusCode).toBe(403);
  });

  it("a revoked session's access token stops at once; the user's other session keeps working", async () => {
    const collaborator = await signedInAs(app, "Collaborator");
    const phone = await signIn(app, collaborator.user.email);
    expect((await call(app, "GET", API.employee.profile.path, collaborator)).statusCode).toBe(200);
    expect((await call(app, "GET", API.employee.profile.path, phone)).statusCode).toBe(200);

    const revoked = await app.inject({
      method: "POST",
      url: API.auth.revokeToken.path,
      payload: { refreshToken: collaborator.refreshToken },
    });
    expect(revoked.statusCode).toBe(200);

    expect((await call(app, "GET", API.employee.profile.path, collaborator)).statusCode).toBe(401);
    expect((await call(app, "GET", API.employee.profile.path, phone)).statusCode).toBe(200);
  });

  it("a session's access tokens keep working while its refresh token rotates", async () => {
    const collaborator = await signedInAs(app, "Collaborator");
    const rotated = await app.inject({
      method: "POST",
      url: API.auth.refreshToken.path,
      payload: { refreshToken: collaborator.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    // The token issued before the rotation belongs to the same, still live, session.
    expect((await call(app, "GET", API.employee.profile.path, collaborator)).statusCode).toBe(200);
  });

  it("a deactivation on one instance is seen at once by another instance sharing the bus", async () => {
    const bus = createMemoryBus();
    const build = async () => {
      const instance = await buildApp({
        config: testConfig(),
        database: await testDatabase(),
        logger: false,
        throttle: createSignInThrottle({ ip: { free: 10_000 } }),
        realtime: bus,
      });
      await instance.ready();
      return instance;
    };
    const [one, two] = [await build(), await build()];
    try {
      const user = await signedInAs(one, "Collaborator");
      // Instance one remembers the user as active.
      expect((await call(one, "GET", API.employee.profile.path, user)).statusCode).toBe(200);
      const off = await call(two, "PUT", API.user.status.path, await signIn(two, admin.user.email), {
        id: user.userId,
        status: "inactive",
      });
      expect(off.statusCode).toBe(200);
      expect((await call(one, "GET", API.employee.profile.path, user)).statusCode).toBe(401);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
