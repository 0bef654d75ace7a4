import { Redis } from "ioredis";
import type {
  RealtimeBus,
  RealtimeEvent,
  RealtimeListener,
  RightsChange,
  RightsListener,
} from "./realtime-bus.js";

export type RedisBusOptions = {
  url: string;
  /** Pub/sub channel shared by every instance of one deployment (tests use a unique one). */
  channel?: string;
  onError?: (error: unknown) => void;
};

/**
 * A RealtimeBus over Redis pub/sub: `publish` sends the event to the channel and every instance
 * (this one included) hears it and delivers it to its own connections. At most once: clients
 * refetch after a reconnect. The events published during one event-loop turn go out together as
 * one message (a JSON array, in order): 2,000 positions a second are a few hundred PUBLISH, not
 * 2,000. A message holding a single event object is read too.
 */
export async function createRedisBus(options: RedisBusOptions): Promise<RealtimeBus> {
  const channel = options.channel ?? "treiber:realtime";
  const rightsChannel = `${channel}:rights`;
  const redisOptions = { lazyConnect: true, maxRetriesPerRequest: 3 };
  // Named after the channel (CLIENT LIST shows which deployment a connection serves). A dropped
  // connection reconnects by itself; the subscriber subscribes again once ready, here rather than
  // by ioredis (`autoResubscribe`), whose SUBSCRIBE has no catch: a drop during it would end the
  // process with an unhandled rejection.
  const publisher = new Redis(options.url, { ...redisOptions, connectionName: `${channel}:publisher` });
  const subscriber = new Redis(options.url, {
    ...redisOptions,
    connectionName: `${channel}:subscriber`,
    autoResubscribe: false,
  });
  const onError = options.onError ?? (() => {});
  publisher.on("error", onError);
  subscriber.on("error", onError);
  let subscribed = false;
  subscriber.on("ready", () => {
    if (subscribed) subscriber.subscribe(channel, rightsChannel).catch(onError);
  });
  const listeners = new Set<RealtimeListener>();
  const rightsListeners = new Set<RightsListener>();

  subscriber.on("message", (received: string, message: string) => {
    if (received !== channel && received !== rightsChannel) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch (error) {
      onError(error);
      return;
    }
    if (received === channel) {
      const events = (Array.isArray(parsed) ? parsed : [parsed]) as RealtimeEvent[];
      for (const event of events) for (const listener of listeners) listener(event);
      return;
    }
    const userId = (parsed as Partial<RightsChange> | null)?.userId;
    if (typeof userId !== "number") return;
    for (const listener of rightsListeners) listener({ userId });
  });

  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel, rightsChannel);
    subscribed = true;
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }

  // Events of this turn, already serialized, and the promise of the PUBLISH that will carry them.
  let batch: string[] = [];
  let batchSent: Promise<void> | undefined;
  const sendBatch = async () => {
    const events = batch;
    batch = [];
    batchSent = undefined;
    await publisher.publish(channel, `[${events.join(",")}]`);
  };

  return {
    publish(event) {
      batch.push(JSON.stringify(event));
      batchSent ??= new Promise<void>((resolve) => setImmediate(resolve)).then(sendBatch);
      return batchSent;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async publishRightsChange(change) {
      await publisher.publish(rightsChannel, JSON.stringify({ userId: change.userId }));
    },
    subscribeRightsChanges(listener) {
      rightsListeners.add(listener);
      return () => rightsListeners.delete(listener);
    },
    async close() {
      listeners.clear();
      rightsListeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
