import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshTokens } from "../../src/db/schema.js";
import { createTokenService, hashToken } from "../../src/modules/auth/token-service.js";
import {
  buildTestApp,
  createUser,
  signedInAs,
  signIn,
  testConfig,
  testDatabase,
} from "../helpers/test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const refresh = (refreshToken: unknown) =>
  app.inject({ method: "POST", url: API.auth.refreshToken.path, payload: { refreshToken } });
/** Moves a token's rotation time back past the grace period. */
async function ageRotation(refreshToken: string) {
  const { db } = await testDatabase();
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(Date.now() - 60_000) })
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
}
const roles = (headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: API.auth.roles.path, headers });

describe("refresh-token and revoke-token", () => {
  it("rotates: the new pair works, the old refresh token does not", async () => {
    const user = await createUser({ role: "Admin" });
    const first = await signIn(app, user.email);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const body = rotated.json();
    expect(body.refreshToken).not.toBe(first.refreshToken);
    expect(body.roles).toEqual(["Admin"]);
    expect((await roles({ authorization: `Bearer ${body.token}` })).statusCode).toBe(200);
    expect((await refresh(body.refreshToken)).statusCode).toBe(200);
  });

  it("reuse of a rotated token after the grace period revokes the whole family", async () => {
    const user = await createUser();
    const first = await signIn(app, user.email);
    const second = (await refresh(first.refreshToken)).json();
    await ageRotation(first.refreshToken);
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toMatch(/sesión/);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it("a retry within the grace period (before the new token was used) rotates again", async () => {
    const user = await createUser();
    const first = await signIn(app, user.email);
    const lost = (await refresh(first.refreshToken)).json();
    const retry = await refresh(first.refreshToken);
    expect(retry.statusCode).toBe(200);
    const next = await refresh(retry.json().refreshToken);
    expect(next.statusCode).toBe(200);
    // The lost token's successor has been used now: presenting it is a reuse that ends the session.
    expect((await refresh(lost.refreshToken)).statusCode).toBe(401);
    expect((await refresh(next.json().refreshToken)).statusCode).toBe(401);
  });

  it("reuse after the successor was used revokes the family even within the grace period", async () => {
    const user = await createUser();
    const first = await signIn(app, user.email);
    const second = (await refresh(first.refreshToken)).json();
    const third = (await refresh(second.refreshToken)).json();
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
  });

  it("a different session of the same user survives another family's revocation", async () => {
    const user = await createUser();
    const a = await signIn(app, user.email);
    const b = await signIn(app, user.email);
    await app.inject({
      method: "POST",
      url: API.auth.revokeToken.path,
      payload: { refreshToken: a.refreshToken },
    });
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await refresh(b.refreshToken)).statusCode).toBe(200);
  });

  it("revoke ends the session for good and is idempotent", async () => {
    const user = await createUser();
    const session = await signIn(app, user.email);
    const revoke = () =>
      app.inject({
        method: "POST",
        url: API.auth.revokeToken.path,
        payload: { refreshToken: session.refreshToken },
      });
    expect((await revoke()).statusCode).toBe(200);
    expect((await revoke()).statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it("refuses unknown, empty and malformed refresh tokens", async () => {
    expect((await refresh("no-existe")).statusCode).toBe(401);
    expect((await refresh("")).statusCode).toBe(400);
    expect((await refresh(12)).statusCode).toBe(400);
  });

  it("an inactive user cannot refresh", async () => {
    const user = await createUser();
    const session = await signIn(app, user.email);
    const { db } = await (await import("../helpers/test-app.js")).testDatabase();
    const { users } = await import("../../src/db/schema.js");
    const { eq } = await import("drizzle-orm");
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });
});

describe("access tokens", () => {
  it("401 without a token, with a forged or expired one; 403 for a wrong role", async () => {
    expect((await roles()).statusCode).toBe(401);
    expect((await roles()).json()).toEqual({
      statusCode: 401,
      message: "No autorizado. Inicie sesión nuevamente.",
    });
    expect((await roles({ authorization: "Bearer abc.def.ghi" })).statusCode).toBe(401);
    expect((await roles({ authorization: "Basic abc" })).statusCode).toBe(401);

    const admin = await createUser({ role: "Admin" });
    const forged = await new SignJWT({ role: "SuperAdmin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(admin.id))
      .setIssuer("treiber")
      .setAudience("treiber-api")
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode("otro-secreto-otro-secreto-otro-secreto-123"));
    expect((await roles({ authorization: `Bearer ${forged}` })).statusCode).toBe(401);

    const session = await signIn(app, admin.email);
    const { db } = await testDatabase();
    const [stored] = await db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(session.refreshToken)));
    if (!stored) throw new Error("no refresh token");
    const past = createTokenService(testConfig().jwtSecret, () => Date.now() - 16 * 60_000);
    const expired = await past.signAccessToken({ id: admin.id, role: "Admin" }, stored.familyId);
    expect((await roles({ authorization: `Bearer ${expired}` })).statusCode).toBe(401);
    const tokens = createTokenService(testConfig().jwtSecret);
    const fresh = await tokens.signAccessToken({ id: admin.id, role: "Admin" }, stored.familyId);
    expect((await roles({ authorization: `Bearer ${fresh}` })).statusCode).toBe(200);
    // Well signed, but for a session that never existed, or without any session: refused.
    const noSuchSession = await tokens.signAccessToken(
      { id: admin.id, role: "Admin" },
      "00000000-0000-4000-8000-000000000000",
    );
    expect((await roles({ authorization: `Bearer ${noSuchSession}` })).statusCode).toBe(401);
    const sessionless = await new SignJWT({ role: "Admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(admin.id))
      .setIssuer("treiber")
      .setAudience("treiber-api")
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode(testConfig().jwtSecret));
    expect((await roles({ authorization: `Bearer ${sessionless}` })).statusCode).toBe(401);

    const collaborator = await signedInAs(app, "Collaborator");
    const forbidden = await roles(collaborator.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe("No tiene permiso para realizar esta acción");
  });

  it("lists the five roles (Supplier: issue 37)", async () => {
    const admin = await signedInAs(app, "SuperAdmin");
    expect((await roles(admin.headers)).json()).toEqual([
      { id: 1, name: "SuperAdmin" },
      { id: 2, name: "Admin" },
      { id: 3, name: "Collaborator" },
      { id: 4, name: "Driver" },
      { id: 5, name: "Supplier" },
    ]);
  });

  it("refuses a bad GMT header and unknown API paths in the spec's words", async () => {
    const admin = await signedInAs(app, "Admin");
    const badGmt = await roles({ ...admin.headers, gmt: "mañana" });
    expect(badGmt.statusCode).toBe(400);
    expect(badGmt.json().message).toBe("Encabezado GMT inválido");
    const unknown = await app.inject({ method: "GET", url: "/api/v1/NoExiste" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, message: "This page could not be found" });
  });

  it("matches paths case-insensitively and answers /health", async () => {
    const admin = await signedInAs(app, "Admin");
    expect(
      (await app.inject({ method: "GET", url: "/api/v1/auth/ROLE", headers: admin.headers })).statusCode,
    ).toBe(200);
    const health = await app.inject({ method: "GET", url: "/health" });
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe("ok");
  });
});
