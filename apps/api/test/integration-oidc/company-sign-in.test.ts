import { API } from "@treiber/contract/api-paths";
import { COMPANY_SIGN_IN_ERRORS } from "@treiber/contract/messages";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, employees, oidcSignIns, users } from "../../src/db/schema.js";
import { followProvider, OIDC_CLIENT, startOidcProvider } from "../helpers/oidc-provider.js";
import {
  buildTestApp,
  createBranchOffice,
  createUser,
  signIn,
  TEST_PASSWORD,
  testConfig,
  testDatabase,
  unique,
  uniqueEmail,
} from "../helpers/test-app.js";

const PUBLIC_URL = "http://treiber.prueba";
const CALLBACK = `${PUBLIC_URL}${API.auth.oidcCallback.path}`;

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let app: FastifyInstance;

const oidcConfig = (extra: Record<string, string> = {}) =>
  testConfig({
    PUBLIC_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: OIDC_CLIENT.id,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
    OIDC_NAME: "Cuenta Prueba",
    ...extra,
  });

/** The browser's round trip: Treiber → provider → Treiber's callback → the login page's address. */
async function companySignIn(
  target: FastifyInstance,
  options: { app?: "web" | "field"; beforeCallback?: () => Promise<void>; cookie?: string } = {},
) {
  const start = await target.inject({
    method: "GET",
    url: `${API.auth.oidcStart.path}?app=${options.app ?? "web"}`,
  });
  expect(start.statusCode).toBe(302);
  const setCookie = String(start.headers["set-cookie"]);
  expect(setCookie).toMatch(/HttpOnly; SameSite=Lax/);
  const cookie = options.cookie ?? setCookie.split(";")[0];
  const authorize = new URL(String(start.headers.location));
  const back = await followProvider(authorize.href, CALLBACK);
  await options.beforeCallback?.();
  const callback = await target.inject({
    method: "GET",
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  expect(callback.statusCode).toBe(302);
  return {
    authorize,
    cookie,
    callbackUrl: `${back.pathname}${back.search}`,
    location: String(callback.headers.location),
  };
}

const handoffOf = (location: string) => /#oidc=([A-Za-z0-9_-]{43})$/.exec(location)?.[1];

async function exchange(target: FastifyInstance, code: string) {
  return target.inject({ method: "POST", url: API.auth.oidcSession.path, payload: { code } });
}

beforeAll(async () => {
  provider = await startOidcProvider(CALLBACK);
  app = await buildTestApp({ config: oidcConfig() });
});

afterAll(async () => {
  await app?.close();
  await provider?.close();
});

describe("sign-in with the company account (OpenID Connect)", () => {
  it("offers «Entrar con <nombre>» only when configured", async () => {
    const options = await app.inject({ method: "GET", url: API.auth.signInOptions.path });
    expect(options.json()).toEqual({ companySignIn: { name: "Cuenta Prueba" } });

    const plain = await buildTestApp();
    try {
      const none = await plain.inject({ method: "GET", url: API.auth.signInOptions.path });
      expect(none.json()).toEqual({ companySignIn: null });
      const start = await plain.inject({ method: "GET", url: API.auth.oidcStart.path });
      expect(start.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("asks with PKCE (S256), state and nonce, and gives Treiber's own session to a verified e-mail", async () => {
    const user = await createUser({ role: "Admin" });
    provider.as(unique("sub"), { email: user.email.toUpperCase(), email_verified: true });

    const { authorize, location } = await companySignIn(app);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(authorize.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(location).toMatch(/^\/login#oidc=/);

    const code = handoffOf(location) as string;
    const session = await exchange(app, code);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ userId: user.id, roles: ["Admin"], mustChangePassword: false });

    // The same session as a password's: it works, refreshes with rotation, and is revoked.
    const { token, refreshToken } = session.json();
    const profile = await app.inject({
      method: "GET",
      url: API.branchOffice.list.path,
      headers: { authorization: `Bearer ${token}`, gmt: "0" },
    });
    expect(profile.statusCode).toBe(200);
    const refreshed = await app.inject({
      method: "POST",
      url: API.auth.refreshToken.path,
      payload: { refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const revoked = await app.inject({
      method: "POST",
      url: API.auth.revokeToken.path,
      payload: { refreshToken: refreshed.json().refreshToken },
    });
    expect(revoked.statusCode).toBe(200);
    const afterRevoke = await app.inject({
      method: "POST",
      url: API.auth.refreshToken.path,
      payload: { refreshToken: refreshed.json().refreshToken },
    });
    expect(afterRevoke.statusCode).toBe(401);

    // The hand-off code is used once.
    expect((await exchange(app, code)).statusCode).toBe(401);
  });

  it("sends Treiber App's sign-in back to /app/login", async () => {
    const user = await createUser({ role: "Collaborator" });
    provider.as(unique("sub"), { email: user.email, email_verified: true });
    const { location } = await companySignIn(app, { app: "field" });
    expect(location).toMatch(/^\/app\/login#oidc=/);
    expect((await exchange(app, handoffOf(location) as string)).json().userId).toBe(user.id);
  });

  it("refuses an e-mail the provider does not say is verified", async () => {
    const user = await createUser();
    provider.as(unique("sub"), { email: user.email, email_verified: false });
    expect((await companySignIn(app)).location).toBe("/login#oidcError=unverified");
    provider.as(unique("sub"), { email: user.email });
    expect((await companySignIn(app)).location).toBe("/login#oidcError=unverified");
    expect(COMPANY_SIGN_IN_ERRORS.unverified).toMatch(/verificado/);
  });

  it("refuses an unknown e-mail unless OIDC_AUTO_CREATE, which makes a Collaborator of the configured branch office", async () => {
    const email = uniqueEmail();
    const subject = unique("sub");
    provider.as(subject, { email, email_verified: true, given_name: "Lucía", family_name: "Peña Soto" });
    expect((await companySignIn(app)).location).toBe("/login#oidcError=unknown");

    const office = await createBranchOffice();
    const creating = await buildTestApp({
      config: oidcConfig({ OIDC_AUTO_CREATE: "true", OIDC_AUTO_CREATE_BRANCH_OFFICE_ID: String(office.id) }),
    });
    try {
      const first = await companySignIn(creating);
      const session = (await exchange(creating, handoffOf(first.location) as string)).json();
      expect(session.roles).toEqual(["Collaborator"]);
      const { db } = await testDatabase();
      const [employee] = await db.select().from(employees).where(eq(employees.userId, session.userId));
      expect(employee).toMatchObject({ name: "Lucía", lastname: "Peña Soto", branchOfficeId: office.id });
      const [user] = await db.select().from(users).where(eq(users.id, session.userId));
      expect(user).toMatchObject({ email, mustChangePassword: false });
      const [audited] = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(employee?.id)));
      expect(audited).toMatchObject({ userId: session.userId, entity: "Employee", action: "companySignIn" });

      // The same person again: the same account, no second one.
      const second = await companySignIn(creating);
      expect((await exchange(creating, handoffOf(second.location) as string)).json().userId).toBe(
        session.userId,
      );
      // Nobody knows its password.
      const password = await creating.inject({
        method: "POST",
        url: API.auth.signIn.path,
        payload: { email, password: TEST_PASSWORD },
      });
      expect(password.statusCode).toBe(401);
    } finally {
      await creating.close();
    }
  });

  it("refuses an inactive user", async () => {
    const user = await createUser({ status: "inactive" });
    provider.as(unique("sub"), { email: user.email, email_verified: true });
    expect((await companySignIn(app)).location).toBe("/login#oidcError=inactive");
  });

  it("refuses an ID token whose nonce is not the one sent", async () => {
    const user = await createUser();
    provider.as(unique("sub"), { email: user.email, email_verified: true });
    const { db } = await testDatabase();
    const { location } = await companySignIn(app, {
      // The provider signed the nonce it was given; Treiber now expects another.
      beforeCallback: async () => {
        await db.update(oidcSignIns).set({ nonce: "otro-nonce-que-no-se-envio" });
      },
    });
    expect(location).toBe("/login#oidcError=failed");
  });

  it("refuses a callback in another browser (no or another state cookie), and a replayed one", async () => {
    const user = await createUser();
    provider.as(unique("sub"), { email: user.email, email_verified: true });
    const other = await companySignIn(app, { cookie: "treiber_oidc=otro-estado" });
    expect(other.location).toBe("/login#oidcError=expired");

    const good = await companySignIn(app);
    expect(good.location).toMatch(/#oidc=/);
    const replay = await app.inject({
      method: "GET",
      url: good.callbackUrl,
      headers: { cookie: good.cookie },
    });
    expect(replay.headers.location).toBe("/login#oidcError=expired");
  });

  it("says «cancelado» when the user denies at the provider, and «no responde» when it is down", async () => {
    const start = await app.inject({ method: "GET", url: API.auth.oidcStart.path });
    const state = new URL(String(start.headers.location)).searchParams.get("state");
    const denied = await app.inject({
      method: "GET",
      url: `${API.auth.oidcCallback.path}?error=access_denied&state=${state}`,
      headers: { cookie: String(start.headers["set-cookie"]).split(";")[0] },
    });
    expect(denied.headers.location).toBe("/login#oidcError=denied");

    const down = await buildTestApp({ config: oidcConfig({ OIDC_ISSUER: "http://127.0.0.1:9/" }) });
    try {
      const unavailable = await down.inject({ method: "GET", url: API.auth.oidcStart.path });
      expect(unavailable.statusCode).toBe(302);
      expect(unavailable.headers.location).toBe("/login#oidcError=unavailable");
    } finally {
      await down.close();
    }
  });

  it("turns password sign-in off for the configured roles only", async () => {
    const restricted = await buildTestApp({
      config: oidcConfig({ PASSWORD_SIGN_IN_DISABLED_ROLES: "Collaborator,Driver" }),
    });
    try {
      const collaborator = await createUser({ role: "Collaborator" });
      const refused = await restricted.inject({
        method: "POST",
        url: API.auth.signIn.path,
        payload: { email: collaborator.email, password: TEST_PASSWORD },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        "Su rol entra con la cuenta de la empresa. Use «Entrar con Cuenta Prueba».",
      );
      // A wrong password is still just wrong: the role is not given away.
      const wrong = await restricted.inject({
        method: "POST",
        url: API.auth.signIn.path,
        payload: { email: collaborator.email, password: "Otra-clave-123" },
      });
      expect(wrong.statusCode).toBe(401);

      const admin = await createUser({ role: "Admin" });
      expect((await signIn(restricted, admin.email)).userId).toBe(admin.id);

      provider.as(unique("sub"), { email: collaborator.email, email_verified: true });
      const { location } = await companySignIn(restricted);
      expect((await exchange(restricted, handoffOf(location) as string)).statusCode).toBe(200);
    } finally {
      await restricted.close();
    }
  });
});
