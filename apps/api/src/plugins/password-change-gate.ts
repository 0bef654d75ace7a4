import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from "@treiber/contract";
import type { FastifyInstance } from "fastify";
import { forbidden } from "../lib/http-error.js";
import type { Authenticate } from "./access.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route stays open to a session whose temporary password is still to be changed. */
    duringPasswordChange?: boolean;
  }
}

export const PASSWORD_CHANGE_REQUIRED = PASSWORD_CHANGE_REQUIRED_MESSAGE;

/** Whether the user's temporary password is still to be changed (read from the database by app.ts). */
export type MustChangePassword = (userId: number) => Promise<boolean>;

/**
 * A session signed in with a temporary password (`mcp` in its access token) may only change the
 * password, read its own profile and sign out (public calls) until the password is changed: any
 * other call answers 403. The database is asked only for such tokens, so the token keeps working
 * right after the change. Registered after the access hook, which sets `request.user`.
 */
export function registerPasswordChangeGate(app: FastifyInstance, mustChangePassword: MustChangePassword) {
  app.addHook("onRequest", async (request) => {
    if (!request.user?.mustChangePassword) return;
    if (request.routeOptions.config?.duringPasswordChange) return;
    if (await mustChangePassword(request.user.id)) throw forbidden(PASSWORD_CHANGE_REQUIRED);
  });
}

/**
 * The hub's authentication with the same gate: a session whose temporary password is still to be
 * changed gets no hub connection (its negotiate and upgrade answer 401) until it is changed.
 */
export function withPasswordChanged(
  authenticate: Authenticate,
  mustChangePassword: MustChangePassword,
): Authenticate {
  return async (token) => {
    const user = await authenticate(token);
    if (user?.mustChangePassword && (await mustChangePassword(user.id))) return undefined;
    return user;
  };
}
