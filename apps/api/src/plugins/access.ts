import { API_KEY_PREFIX, type Role } from "@treiber/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "../lib/auth-user.js";
import { forbidden, unauthorized } from "../lib/http-error.js";

/** What a route declares: `public`, `authenticated` (any signed-in role) or the roles allowed. */
export type RouteAccess = "public" | "authenticated" | readonly Role[];

/** One row of the route table: a method and path and what it declared (none outside `/api/`). */
export type DeclaredRoute = { method: string; url: string; access: RouteAccess | undefined };

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered, with its declared access; the authorization-matrix test walks it. */
    routeTable: readonly DeclaredRoute[];
  }
  interface FastifyRequest {
    /** The signed-in user; set on every route that is not public. */
    user: SessionUser | undefined;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** The signed-in user of a non-public route (the access hook has already checked it). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** A bearer token → its caller, or undefined (bad or expired token, or rights that no longer hold). */
export type Authenticate = (token: string) => Promise<SessionUser | undefined>;

/** Checks a token's signature and expiry: its claims, or undefined (the token service). */
type AccessTokenVerifier = { verifyAccessToken(token: string): Promise<SessionUser | undefined> };
/** Whether a session's claims still hold (the account rights of decision 0023). */
type ClaimsCheck = { holds(claims: SessionUser): Promise<boolean> };

/**
 * Checks the token's signature and expiry, then that its claims still hold (user active, same role,
 * session not ended; cached a few seconds, forgotten at once on a rights change). Used by the
 * access hook and the hub. Both checks are passed in by app.ts: plugins never import modules/.
 */
export function createAuthenticate(tokens: AccessTokenVerifier, rights: ClaimsCheck): Authenticate {
  return async (token) => {
    const claims = await tokens.verifyAccessToken(token);
    if (!claims) return undefined;
    return (await rights.holds(claims)) ? claims : undefined;
  };
}

/**
 * API keys (`Bearer trb_…`, decision 0083), given by app.ts (plugins never import modules/).
 * `authenticate` answers the key's caller (`apiKey` set) or undefined for an unknown or revoked
 * key (401); it throws 403 itself when the key's scopes do not cover the operation and 429 past
 * the key's rate limit. `checkBody` runs once the body is parsed (a scope's limits on the input).
 */
export type ApiKeyGate = {
  authenticate(key: string, request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | undefined>;
  checkBody(request: FastifyRequest): void;
};

/**
 * Every API route must declare `config.access`; the server refuses to start otherwise.
 * The hook answers 401 without a valid bearer token (or one whose user was deactivated, changed
 * role or lost its session since) and 403 for a role not allowed. An API key (`trb_…`) is let in
 * by its scopes instead of the route's roles (`apiKeys`; without it every key answers 401).
 */
export function registerAccessControl(
  app: FastifyInstance,
  authenticate: Authenticate,
  apiKeys?: ApiKeyGate,
) {
  app.decorateRequest("user", undefined);
  const routeTable: DeclaredRoute[] = [];
  app.decorate("routeTable", routeTable);

  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/") && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, access: route.config?.access });
    }
  });

  app.addHook("onRequest", async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === "public") return;
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized();
    if (token.startsWith(API_KEY_PREFIX)) {
      const caller = await apiKeys?.authenticate(token, request, reply);
      if (!caller) throw unauthorized();
      request.user = caller;
      return;
    }
    const user = await authenticate(token);
    if (!user) throw unauthorized();
    request.user = user;
    if (access !== "authenticated" && !access.includes(user.role)) throw forbidden();
  });

  if (apiKeys) {
    app.addHook("preHandler", async (request) => {
      if (request.user?.apiKey) apiKeys.checkBody(request);
    });
  }
}
