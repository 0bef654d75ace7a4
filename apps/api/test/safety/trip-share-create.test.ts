import { createHash } from "node:crypto";
import { SAFETY_MESSAGES, TRIP_SHARE_MAX_HOURS } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripShares } from "../../src/db/schema.js";
import { buildTestApp, signedInAs, testConfig, testDatabase } from "../helpers/test-app.js";
import { caller, endTrip, type SharedTripSetup, share, sharedTripSetup } from "./trip-share-setup.js";

/**
 * Issue 38 «Compartir mi viaje»: who may share a trip (a rider on it), the link (≥ 128 bits, only
 * its hash kept, expiry), and who may revoke it.
 */

let app: FastifyInstance;
let setup: SharedTripSetup;
beforeAll(async () => {
  app = await buildTestApp();
  setup = await sharedTripSetup(app);
});
afterAll(() => app.close());

const post = (session: SharedTripSetup["ana"]["session"] | undefined, intermediateRouteId: unknown) =>
  caller(app)("POST", API.tripShare.create.path, session, { intermediateRouteId });

describe("POST TripShare", () => {
  it("an expected rider gets a link to /seguir/<token>: 256 bits, 12 h at most, only its hash stored", async () => {
    const before = Date.now();
    const link = await share(app, setup.ana.session, setup.tripId);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(link.token, "base64url")).toHaveLength(32);
    const url = new URL(link.url);
    expect(url.protocol).toBe("http:");
    expect(url.pathname).toBe(`/seguir/${link.token}`);
    const expires = Date.parse(link.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + TRIP_SHARE_MAX_HOURS * 3_600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + TRIP_SHARE_MAX_HOURS * 3_600_000);

    const { db } = await testDatabase();
    const hash = createHash("sha256").update(link.token).digest("hex");
    const rows = await db.select().from(tripShares).where(eq(tripShares.tokenHash, hash));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ intermediateRouteId: setup.tripId, employeeId: setup.ana.employee.id });
    expect(JSON.stringify(rows)).not.toContain(link.token);
  });

  it("two links of the same trip differ; a boarded rider shares too", async () => {
    const first = await share(app, setup.beto.session, setup.tripId);
    const second = await share(app, setup.beto.session, setup.tripId);
    expect(first.token).not.toBe(second.token);
  });

  it("builds the URL from the host the caller reached", async () => {
    const res = await app.inject({
      method: "POST",
      url: API.tripShare.create.path,
      headers: { ...setup.ana.session.headers, host: "treiber.example.do:8443" },
      payload: { intermediateRouteId: setup.tripId },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().url).toBe(`http://treiber.example.do:8443/seguir/${res.json().token}`);
  });

  it("with PUBLIC_URL the link is built on it, whatever host the caller reached", async () => {
    const publicApp = await buildTestApp({
      config: testConfig({ PUBLIC_URL: "https://treiber.empresa.do/" }),
    });
    try {
      const res = await publicApp.inject({
        method: "POST",
        url: API.tripShare.create.path,
        headers: { ...setup.ana.session.headers, host: "interno:3000" },
        payload: { intermediateRouteId: setup.tripId },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().url).toBe(`https://treiber.empresa.do/seguir/${res.json().token}`);
    } finally {
      await publicApp.close();
    }
  });

  it("a collaborator not on the trip gets 403, and so does one who cancelled on it", async () => {
    for (const rider of [setup.dora, setup.carla]) {
      const res = await post(rider.session, setup.tripId);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(SAFETY_MESSAGES.notOnTrip);
    }
  });

  it("an admin who is not a rider of it gets 403; a driver is refused; no account, 401", async () => {
    const admin = await signedInAs(app, "Admin");
    const asAdmin = await post(admin, setup.tripId);
    expect(asAdmin.statusCode, asAdmin.body).toBe(403);
    expect(asAdmin.json().message).toBe(SAFETY_MESSAGES.notOnTrip);
    expect((await post(setup.driver.session, setup.tripId)).statusCode).toBe(403);
    expect((await post(undefined, setup.tripId)).statusCode).toBe(401);
  });

  it("an unknown trip is 404, a bad id 400", async () => {
    const unknown = await post(setup.ana.session, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SAFETY_MESSAGES.tripNotFound);
    expect((await post(setup.ana.session, "x")).statusCode).toBe(400);
  });
});

describe("DELETE TripShare/{token}", () => {
  const del = (token: string, session?: SharedTripSetup["ana"]["session"]) =>
    caller(app)("DELETE", apiPath(API.tripShare.revoke, { token }), session);
  const view = (token: string) => caller(app)("GET", apiPath(API.tripShare.view, { token }));

  it("the sharer revokes the link: the page answers the same 404 as an unknown token", async () => {
    const link = await share(app, setup.ana.session, setup.tripId);
    expect((await view(link.token)).statusCode).toBe(200);
    const revoked = await del(link.token, setup.ana.session);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().message).toBe(SAFETY_MESSAGES.shareRevoked);
    const after = await view(link.token);
    expect(after.statusCode).toBe(404);
    expect(after.json()).toEqual({ statusCode: 404, message: SAFETY_MESSAGES.shareNotFound });
    // Revoking again changes nothing.
    expect((await del(link.token, setup.ana.session)).statusCode).toBe(200);
  });

  it("another rider cannot revoke it (404, the link lives on); an admin can", async () => {
    const link = await share(app, setup.ana.session, setup.tripId);
    const other = await del(link.token, setup.beto.session);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SAFETY_MESSAGES.shareNotFound);
    expect((await view(link.token)).statusCode).toBe(200);
    expect((await del(link.token)).statusCode).toBe(401);
    const admin = await signedInAs(app, "Admin");
    expect((await del(link.token, admin)).statusCode).toBe(200);
    expect((await view(link.token)).statusCode).toBe(404);
  });

  it("an unknown or malformed token is 404", async () => {
    for (const token of ["nada", "A".repeat(43)]) {
      const res = await del(token, setup.ana.session);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SAFETY_MESSAGES.shareNotFound);
    }
  });
});

describe("a finished trip", () => {
  it("cannot be shared (409); the rider on another trip still gets 403 first", async () => {
    const ended = await sharedTripSetup(app);
    await endTrip(app, ended);
    const res = await post(ended.ana.session, ended.tripId);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(SAFETY_MESSAGES.shareEnded);
    expect((await post(ended.dora.session, ended.tripId)).statusCode).toBe(403);
  });
});
