import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.js";
import type { TokenService } from "../modules/auth/token-service.js";
import { registerTripPositionRoutes } from "../modules/trip-positions/trip-positions-routes.js";
import { createTripPositionsService } from "../modules/trip-positions/trip-positions-service.js";
import { createHubMethods } from "./hub-methods.js";
import { type HubOptions, registerHub } from "./hub-server.js";

/** The hub at `/server` and the REST position route, sharing one positions service. */
export function registerRealtime(
  app: FastifyInstance,
  deps: { db: Db; tokens: TokenService; jwtSecret: string; corsOrigins: string[]; hub?: HubOptions },
) {
  const positions = createTripPositionsService({
    db: deps.db,
    realtime: app.realtime,
    onError: (error) => app.log.error({ err: error }, "no se pudieron guardar posiciones"),
  });
  registerTripPositionRoutes(app, positions);
  const hub = registerHub(app, {
    tokens: deps.tokens,
    realtime: app.realtime,
    methods: createHubMethods({ db: deps.db, positions }),
    jwtSecret: deps.jwtSecret,
    corsOrigins: deps.corsOrigins,
    options: deps.hub,
  });
  app.addHook("onClose", async () => {
    await positions.close();
  });
  return { hub, positions };
}
