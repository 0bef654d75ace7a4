import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
} from "@microsoft/signalr";
import { REALTIME_RECONNECT_ATTEMPTS, REALTIME_RECONNECT_INTERVAL_MS } from "./constants";

/** 40 attempts, 10 s apart (the first one already waits 10 s). */
export const DEFAULT_RECONNECT_DELAYS: readonly number[] = Array.from(
  { length: REALTIME_RECONNECT_ATTEMPTS },
  () => REALTIME_RECONNECT_INTERVAL_MS,
);

export const JOIN_TRIP_GROUP = "JoinGroupIntermediateRoute";
export const LEAVE_TRIP_GROUP = "LeaveGroupIntermediateRoute";

/** The hub group of a trip (intermediate route), joined to follow it live. */
export const tripGroupName = (intermediateRouteId: number) => `intermediate-group-${intermediateRouteId}`;

export type HubClientOptions = {
  /** `/server` in the browser; an absolute URL elsewhere. */
  url: string;
  /** Called before every negotiate and socket, so a refreshed token is always used. */
  accessTokenFactory: () => string | Promise<string>;
  reconnectDelays?: readonly number[];
  logLevel?: LogLevel;
};

export type HubHandler = (...args: unknown[]) => void;
export type HubClient = ReturnType<typeof createHubClient>;

/**
 * One hub connection with what the pages need around the official client: automatic reconnect
 * (also when the first start fails), stop only when connected, and trip groups remembered and
 * joined again after every reconnect, then `onReconnected` listeners so features refetch.
 */
export function createHubClient(options: HubClientOptions) {
  const delays = options.reconnectDelays ?? DEFAULT_RECONNECT_DELAYS;
  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(options.url, {
      accessTokenFactory: options.accessTokenFactory,
      transport: HttpTransportType.WebSockets,
    })
    .withAutomaticReconnect([...delays])
    .configureLogging(options.logLevel ?? LogLevel.Warning)
    .build();
  const groups = new Set<string>();
  const reconnectedListeners = new Set<() => void>();
  let wanted = false;
  let starting: Promise<void> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** A connection attempt failed or an open connection was lost (and not connected since). */
  let failed = false;

  const isConnected = () => connection.state === HubConnectionState.Connected;

  async function joinAll() {
    await Promise.all(
      [...groups].map((group) => connection.invoke(JOIN_TRIP_GROUP, group).catch(() => groups.delete(group))),
    );
  }

  connection.onclose(() => {
    if (wanted) failed = true;
  });

  connection.onreconnected(async () => {
    await joinAll();
    for (const listener of reconnectedListeners) listener();
  });

  async function startLoop() {
    for (let attempt = 0; wanted; attempt++) {
      try {
        await connection.start();
        failed = false;
        // Stopped (e.g. signed out) while connecting: honour it now that stop() can act.
        if (!wanted) return await connection.stop();
        await joinAll();
        return;
      } catch {
        failed = true;
        const delay = delays[attempt];
        if (delay === undefined || !wanted) return;
        await new Promise<void>((resolve) => {
          retryTimer = setTimeout(resolve, delay);
        });
      }
    }
  }

  return {
    connection,
    /** Connects (retrying like the automatic reconnect if the first attempt fails). */
    start(): Promise<void> {
      wanted = true;
      if (connection.state !== HubConnectionState.Disconnected) return starting ?? Promise.resolve();
      if (!starting) starting = startLoop().finally(() => (starting = undefined));
      return starting;
    },
    /**
     * Disconnects; only acts on a connected (or reconnecting) hub, never on one still starting,
     * and cancels pending start retries.
     */
    async stop(): Promise<void> {
      wanted = false;
      if (retryTimer) clearTimeout(retryTimer);
      if (isConnected() || connection.state === HubConnectionState.Reconnecting) await connection.stop();
    },
    get state(): HubConnectionState {
      return connection.state;
    },
    /**
     * True once a connection attempt has failed or the connection was lost, until it connects
     * again: a hub `Disconnected` before that is still starting, not offline.
     */
    get failed(): boolean {
      return failed;
    },
    on(event: string, handler: HubHandler) {
      connection.on(event, handler);
    },
    off(event: string, handler: HubHandler) {
      connection.off(event, handler);
    },
    /** Follows a trip group now (if connected) and after every reconnect. */
    async joinGroup(group: string): Promise<void> {
      groups.add(group);
      if (isConnected()) await connection.invoke(JOIN_TRIP_GROUP, group);
    },
    async leaveGroup(group: string): Promise<void> {
      groups.delete(group);
      if (isConnected()) await connection.invoke(LEAVE_TRIP_GROUP, group);
    },
    groups(): string[] {
      return [...groups];
    },
    /** Runs after every automatic reconnect, once the groups are joined again. */
    onReconnected(listener: () => void): () => void {
      reconnectedListeners.add(listener);
      return () => reconnectedListeners.delete(listener);
    },
  };
}
