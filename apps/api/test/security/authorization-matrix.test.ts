import { ROLES, type Role } from "@treiber/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeclaredRoute, RouteAccess } from "../../src/plugins/access.js";
import { buildTestApp, type SignedIn, signedInAs } from "../helpers/test-app.js";

/**
 * The authorization matrix, generated from the route table (decision 0025): every route × every
 * role (and anonymous) answers as the route's `config.access` says. Anonymous gets 401 on every
 * non-public route; a role not listed gets 403; an allowed role gets anything but 401 and 403 (its
 * harmless input may well answer 400 or 404). A new route cannot ship unguarded, nor with an access
 * the hook does not enforce.
 */

type Caller = Role | "anonymous";

/** Routes outside `/api/` that need no declaration: the API docs (their own switch) and static files. */
const UNDECLARED = [/^\/docs(\/|$)/, /^\/\*$/, /^\/app\/\*$/];

/**
 * Where a route's own rule refuses an allowed role on purpose, whatever the input (documented in
 * the route's summary or the spec). Empty today: add `"METHOD /url": ["Role", …]` with a reason.
 */
const HANDLER_REFUSALS: Record<string, readonly Role[]> = {};

const app = await buildTestApp();
await app.ready();
const routes = app.routeTable.filter((route) => route.method !== "HEAD" && route.method !== "OPTIONS");
const apiRoutes = routes.filter((route) => route.url.startsWith("/api/"));

const sessions = new Map<Role, SignedIn>();
beforeAll(async () => {
  for (const role of ROLES) sessions.set(role, await signedInAs(app, role));
});
afterAll(() => app.close());

/** A harmless request: unknown ids (the caller's own for a user id), an empty JSON body. */
function requestFor(route: DeclaredRoute, caller: Caller) {
  const self = caller === "anonymous" ? undefined : sessions.get(caller);
  const url = route.url.replace(/:(\w+)/g, (_match, name: string) =>
    name === "userId" && self ? String(self.userId) : name === "codeQrId" ? "no-existe" : "999999999",
  );
  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  return {
    method: route.method as "GET",
    url,
    headers: { gmt: "0", ...(self && { authorization: self.headers.authorization }) },
    ...(hasBody && { payload: {} }),
  };
}

function allows(access: RouteAccess, caller: Caller) {
  if (access === "public") return true;
  if (caller === "anonymous") return false;
  return access === "authenticated" || access.includes(caller);
}

/** What the access says the caller must get: a status, or "not 401/403". */
function expected(access: RouteAccess, caller: Caller, key: string): string {
  if (access !== "public" && caller === "anonymous") return "401";
  if (!allows(access, caller)) return "403";
  if (caller !== "anonymous" && HANDLER_REFUSALS[key]?.includes(caller)) return "403";
  return "allowed";
}

const outcome = (status: number) => (status === 401 || status === 403 ? String(status) : "allowed");

describe("authorization matrix", () => {
  it("every route declares its access (or is the docs or a static file)", () => {
    expect(apiRoutes.length).toBeGreaterThan(100);
    const undeclared = routes
      .filter((route) => !route.access && !UNDECLARED.some((pattern) => pattern.test(route.url)))
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it("Notification is every signed-in role's, each for their own notices (issue 33: Treiber App «Avisos»)", () => {
    const notification = apiRoutes.filter((route) => /^\/api\/v1\/notification(\/|$)/i.test(route.url));
    expect(notification.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      "GET /api/v1/Notification",
      "GET /api/v1/Notification/list",
      "PUT /api/v1/Notification/markAsRead/:id",
      "PUT /api/v1/Notification/markAsReadAll",
    ]);
    for (const route of notification) expect(route.access, route.url).toBe("authenticated");
  });

  it("a Supplier (issue 37) reaches only the portal's operations and the few any signed-in user has", () => {
    // "authenticated" lets in every role, a supplier's user too: each of these is the caller's own
    // (password, image, notices) or a harmless catalog. Anything else for a Supplier names the role.
    const anyUser = apiRoutes
      .filter((route) => route.access === "authenticated")
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(anyUser).toEqual([
      "GET /api/v1/Day",
      "GET /api/v1/Notification",
      "GET /api/v1/Notification/list",
      "GET /api/v1/ProfileImage/:userId",
      "PUT /api/v1/Auth/changePassword",
      "PUT /api/v1/Notification/markAsRead/:id",
      "PUT /api/v1/Notification/markAsReadAll",
      "PUT /api/v1/ProfileImage/:userId",
    ]);
    const named = apiRoutes.filter(
      (route) => Array.isArray(route.access) && (route.access as readonly Role[]).includes("Supplier"),
    );
    for (const route of named) {
      // A portal operation for a supplier is never also a collaborator's (Treiber App) operation.
      expect(route.access, `${route.method} ${route.url}`).not.toContain("Collaborator");
    }
  });

  it("every API route × anonymous, Driver, Collaborator, Admin, SuperAdmin, Supplier answers as declared", async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const route of apiRoutes) {
      const key = `${route.method} ${route.url}`;
      const access = route.access as RouteAccess;
      for (const caller of ["anonymous", ...ROLES] as const) {
        const response = await app.inject(requestFor(route, caller));
        cells++;
        const want = expected(access, caller, key);
        const got = outcome(response.statusCode);
        if (got !== want) {
          mismatches.push(`${key} as ${caller}: ${response.statusCode} (expected ${want}) ${response.body}`);
        }
        // A call that went through may have ended the session (sign-out, password change): renew it.
        if (caller !== "anonymous" && route.method !== "GET" && response.statusCode < 300) {
          sessions.set(caller, await signedInAs(app, caller));
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(cells).toBe(apiRoutes.length * (ROLES.length + 1));
  });
});
