import type { FastifyInstance } from "fastify";
import { WebSocketServer } from "ws";
import type { Authenticate } from "../plugins/access.js";
import type { RealtimeBus } from "../realtime/realtime-bus.js";
import { acceptConnection } from "./accept-connection.js";
import { closeAllConnections } from "./close-all-connections.js";
import { createConnectionRegistry } from "./connection-registry.js";
import { startConnectionSweeper } from "./connection-sweeper.js";
import { createConnectionTokens } from "./connection-tokens.js";
import { deliverEvent } from "./event-delivery.js";
import { createFrameCoalescer } from "./frame-coalescer.js";
import type { HubContext } from "./hub-context.js";
import type { HubMethod } from "./hub-methods.js";
import { type HubOptions, resolveHubOptions } from "./hub-options.js";
import { createUpgradeHandler } from "./hub-upgrade.js";
import { registerNegotiateRoute } from "./negotiate-route.js";
import { createRightsRecheck, type RightsCheck } from "./rights-recheck.js";

export { RIGHTS_ENDED, TOO_MANY_CONNECTIONS } from "./close-reasons.js";
export type { HubOptions } from "./hub-options.js";

/**
 * The SignalR hub at `/server` (JSON protocol over WebSockets only): negotiate, upgrade, handshake,
 * invocations of `methods`, pings, idle timeout, and delivery of every `realtime` event to the
 * matching local connections. Its parts: connection-registry (who is connected), frame-coalescer
 * (the tick of decision 0034), rights-recheck (decision 0023), hub-protocol (records), hub-upgrade
 * and negotiate-route (opening a connection), record-handler and hub-invoker (what a client sends).
 */
export function registerHub(
  app: FastifyInstance,
  deps: {
    authenticate: Authenticate;
    rights: RightsCheck;
    realtime: RealtimeBus;
    methods: Map<string, HubMethod>;
    jwtSecret: string;
    corsOrigins: string[];
    options?: HubOptions;
  },
) {
  const options = resolveHubOptions(deps.options);
  const connectionTokens = createConnectionTokens(deps.jwtSecret, options.negotiateTtlMs);
  const registry = createConnectionRegistry();
  const coalescer = createFrameCoalescer({ coalesceMs: options.coalesceMs, admins: registry.admins });
  const hub: HubContext = { registry, coalescer, log: app.log };
  const rights = createRightsRecheck(hub, deps.rights);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4 * options.maxRecordLength,
    perMessageDeflate: false,
  });

  const unsubscribe = deps.realtime.subscribe((event) => {
    try {
      deliverEvent(hub, event);
    } catch (error) {
      app.log.error({ err: error }, "hub: no se pudo entregar un evento");
    }
  });
  // A user's rights changed on some instance: re-check that user's connections here.
  const unsubscribeRights = deps.realtime.subscribeRightsChanges((change) =>
    rights.userChanged(change.userId),
  );
  const stopSweeper = startConnectionSweeper(hub, options, rights);

  const onUpgrade = createUpgradeHandler({
    authenticate: deps.authenticate,
    connectionTokens,
    corsOrigins: deps.corsOrigins,
    wss,
    accept: (socket, user, id) =>
      acceptConnection(hub, { methods: deps.methods, ...options }, socket, user, id),
    log: app.log,
  });
  app.server.on("upgrade", onUpgrade);
  registerNegotiateRoute(app, {
    authenticate: deps.authenticate,
    issue: (userId) => connectionTokens.issue(userId),
  });

  app.addHook("preClose", async () => {
    app.server.off("upgrade", onUpgrade);
    await closeAllConnections(hub);
  });
  app.addHook("onClose", async () => {
    stopSweeper();
    coalescer.stop();
    unsubscribe();
    unsubscribeRights();
    wss.close();
  });

  return {
    /** How many sockets this instance holds (for health and tests). */
    connectionCount: () => registry.connections.size,
  };
}
