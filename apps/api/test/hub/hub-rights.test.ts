import type { HubConnection } from "@microsoft/signalr";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { refreshTokens, users } from "../../src/db/schema.js";
import { RIGHTS_ENDED, TOO_MANY_CONNECTIONS } from "../../src/hub/hub-server.js";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  createTokenService,
  hashToken,
} from "../../src/modules/auth/token-service.js";
import {
  createUser,
  signedInAs,
  signIn,
  TEST_PASSWORD,
  testConfig,
  testDatabase,
} from "../helpers/test-app.js";
import { nextEvent, officialClient, startApp } from "./hub-test-kit.js";

// Issue 12, item 2: a hub socket does not outlive its user's rights.

/** A started official client (automatic reconnect on) and a promise of its final close. */
async function connect(baseUrl: string, token: string, open: HubConnection[]) {
  const connection = officialClient(baseUrl, token, [0, 0, 0]);
  let reconnecting = false;
  connection.onreconnecting(() => {
    reconnecting = true;
  });
  const closed = new Promise<{ error?: Error; reconnecting: boolean }>((resolve) =>
    connection.onclose((error) => resolve({ error, reconnecting })),
  );
  await connection.start();
  open.push(connection);
  return { connection, closed };
}

const notice = (text: string) => JSON.stringify({ title: "Aviso", message: text });

describe("hub /server: sockets end with the user's rights", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let superAdmin: Awaited<ReturnType<typeof signedInAs>>;
  const open: HubConnection[] = [];

  const put = (url: string, payload: object) =>
    app.inject({ method: "PUT", url, headers: superAdmin.headers, payload });
  const publishToAdmins = (text: string) =>
    app.realtime.publish({
      audience: { kind: "admins" },
      target: "ReceiveNotification",
      args: [notice(text)],
    });

  beforeAll(async () => {
    ({ app, baseUrl } = await startApp({ hub: { maxConnectionsPerUser: 2 } }));
    superAdmin = await signedInAs(app, "SuperAdmin");
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.stop()));
  });
  afterAll(async () => {
    await app.close();
  });

  it("a session still to change its temporary password gets no hub connection until it changes it", async () => {
    const user = await createUser({ role: "Admin", mustChangePassword: true });
    const session = await signIn(app, user.email);
    const negotiate = () =>
      fetch(`${baseUrl}/server/negotiate?negotiateVersion=1`, {
        method: "POST",
        headers: { authorization: `Bearer ${session.token}` },
      });
    expect((await negotiate()).status).toBe(401);
    const changed = await app.inject({
      method: "PUT",
      url: API.auth.changePassword.path,
      headers: session.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: "NuevaClave9" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await negotiate()).status).toBe(200);
  });

  it("a deactivated admin's socket closes for good; other admins keep receiving", async () => {
    const gone = await signedInAs(app, "Admin");
    const stays = await connect(baseUrl, (await signedInAs(app, "Admin")).token, open);
    const hub = await connect(baseUrl, gone.token, open);
    const first = nextEvent(hub.connection, "ReceiveNotification");
    await publishToAdmins("antes");
    expect(await first).toEqual([notice("antes")]);

    expect((await put(API.user.status.path, { id: gone.userId, status: "inactive" })).statusCode).toBe(200);

    const closed = await hub.closed;
    expect(closed.error?.message).toContain(RIGHTS_ENDED);
    expect(closed.reconnecting).toBe(false);
    const after = nextEvent(stays.connection, "ReceiveNotification");
    await publishToAdmins("después");
    expect(await after).toEqual([notice("después")]);
  });

  it("a demoted admin's socket closes; its new token opens a collaborator's socket", async () => {
    const demoted = await signedInAs(app, "Admin");
    const hub = await connect(baseUrl, demoted.token, open);
    const role = await app.inject({
      method: "POST",
      url: API.auth.roleUser.path,
      headers: superAdmin.headers,
      payload: { userId: demoted.userId, role: "Collaborator" },
    });
    expect(role.statusCode).toBe(200);
    expect((await hub.closed).error?.message).toContain(RIGHTS_ENDED);

    // The old token no longer opens a socket either.
    await expect(connect(baseUrl, demoted.token, open)).rejects.toThrow(/401/);
    const refreshed = await app.inject({
      method: "POST",
      url: API.auth.refreshToken.path,
      payload: { refreshToken: demoted.refreshToken },
    });
    const again = await connect(baseUrl, refreshed.json().token, open);
    let adminNotices = 0;
    again.connection.on("ReceiveNotification", () => {
      adminNotices += 1;
    });
    await publishToAdmins("solo administradores");
    // A round trip: the notice, had it been sent, would have arrived before this answer.
    await expect(again.connection.invoke("JoinGroupIntermediateRoute", "x")).rejects.toThrow();
    expect(adminNotices).toBe(0);
  });

  it("a regenerated password ends the user's sessions and closes its sockets", async () => {
    const user = await signedInAs(app, "Collaborator");
    const hub = await connect(baseUrl, user.token, open);
    const regenerated = await put(API.auth.regeneratePassword.path, { userId: user.userId });
    expect(regenerated.statusCode).toBe(200);
    expect((await hub.closed).error?.message).toContain(RIGHTS_ENDED);
  });

  it("revoking a session closes that session's sockets only", async () => {
    const user = await createUser({ role: "Collaborator" });
    const desk = await signIn(app, user.email);
    const phone = await signIn(app, user.email);
    const deskHub = await connect(baseUrl, desk.token, open);
    const phoneHub = await connect(baseUrl, phone.token, open);
    const revoked = await app.inject({
      method: "POST",
      url: API.auth.revokeToken.path,
      payload: { refreshToken: desk.refreshToken },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await deskHub.closed).error?.message).toContain(RIGHTS_ENDED);

    const direct = nextEvent(phoneHub.connection, "Direct");
    await app.realtime.publish({
      audience: { kind: "user", userId: user.id },
      target: "Direct",
      args: ["hola"],
    });
    expect(await direct).toEqual(["hola"]);
  });

  it("re-checks a socket when its access token expires and closes it if the rights ended meanwhile", async () => {
    const { db } = await testDatabase();
    const soon = createTokenService(
      testConfig().jwtSecret,
      () => Date.now() - (ACCESS_TOKEN_TTL_SECONDS - 2) * 1000,
    );
    /** A token of a new admin's real session that expires in about 2 s. */
    const shortToken = async () => {
      const admin = await signedInAs(app, "Admin");
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(admin.refreshToken)));
      if (!row) throw new Error("no session");
      return { admin, token: await soon.signAccessToken({ id: admin.userId, role: "Admin" }, row.familyId) };
    };
    const deactivated = await shortToken();
    const active = await shortToken();
    const gone = await connect(baseUrl, deactivated.token, open);
    const stays = await connect(baseUrl, active.token, open);
    // Changed behind the app's back (no rights change announced), as a lost bus message would be.
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, deactivated.admin.userId));

    expect((await gone.closed).error?.message).toContain(RIGHTS_ENDED);
    // Its token expired at the same time, but its rights hold: it stays open and keeps receiving.
    const after = nextEvent(stays.connection, "ReceiveNotification");
    await publishToAdmins("sigue");
    expect(await after).toEqual([notice("sigue")]);
  });

  it("caps one user's sockets: a new one closes the oldest", async () => {
    const user = await signedInAs(app, "Collaborator");
    const oldest = await connect(baseUrl, user.token, open);
    await connect(baseUrl, user.token, open);
    const newest = await connect(baseUrl, user.token, open);
    const closed = await oldest.closed;
    expect(closed.error?.message).toContain(TOO_MANY_CONNECTIONS);
    expect(closed.reconnecting).toBe(false);
    const direct = nextEvent(newest.connection, "Direct");
    await app.realtime.publish({
      audience: { kind: "user", userId: user.userId },
      target: "Direct",
      args: ["ok"],
    });
    expect(await direct).toEqual(["ok"]);
  });
});
