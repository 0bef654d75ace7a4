import type { SessionUser } from "../lib/auth-user.js";
import { ACCESS_TOKEN_TTL_SECONDS } from "../modules/auth/token-service.js";
import { RIGHTS_ENDED } from "./close-reasons.js";
import type { Connection } from "./hub-connection.js";
import { closeWith, forget, type HubContext } from "./hub-context.js";

/** After a failed read (the database did not answer), the next try. */
const RECHECK_RETRY_MS = 30_000;

/** Reads a session's rights again (decision 0023); `fresh` skips the per-instance cache. */
export type RightsCheck = { holds(user: SessionUser, options: { fresh?: boolean }): Promise<boolean> };

/**
 * Decision 0023: sockets are closed when their rights change. `recheck` reads the connection's
 * rights again (user active, same role, session live); closes it for good when they no longer
 * hold, otherwise re-checks it again one access-token lifetime later. `userChanged` does it for
 * every connection of a user whose rights changed on some instance.
 */
export type RightsRecheck = ReturnType<typeof createRightsRecheck>;

export function createRightsRecheck(hub: HubContext, rights: RightsCheck) {
  async function recheck(connection: Connection) {
    if (connection.rechecking) return;
    connection.rechecking = true;
    try {
      const holds = await rights.holds(connection.user, { fresh: true });
      if (!hub.registry.has(connection)) return;
      if (!holds) {
        forget(hub, connection);
        closeWith(hub, connection, RIGHTS_ENDED);
        return;
      }
      connection.recheckAt = Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000;
    } catch (error) {
      // The database did not answer: try again in a while, not at every sweep.
      connection.recheckAt = Date.now() + RECHECK_RETRY_MS;
      hub.log.error({ err: error }, "hub: no se pudieron revisar los permisos de una conexión");
    } finally {
      connection.rechecking = false;
    }
  }

  return {
    recheck,
    userChanged(userId: number) {
      for (const connection of hub.registry.ofUser(userId)) {
        connection.rechecking = false;
        void recheck(connection);
      }
    },
  };
}
