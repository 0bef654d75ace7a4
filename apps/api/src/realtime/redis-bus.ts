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
 * refetch after a reconnect.
 */
export async function createRedisBus(options: RedisBusOptions): Promise<RealtimeBus> {
  const channel = options.channel ?? "treiber:realtime";
  const rightsChannel = `${channel}:rights`;
  const redisOptions = { lazyConnect: true, maxRetriesPerRequest: 3 };
  const publisher = new Redis(options.url, redisOptions);
  const subscriber = new Redis(options.url, redisOptions);
  const onError = options.onError ?? (() => {});
  publisher.on("error", onError);
  subscriber.on("error", onError);
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
      for (const listener of listeners) listener(parsed as RealtimeEvent);
      return;
    }
    const userId = (parsed as Partial<RightsChange> | null)?.userId;
    if (typeof userId !== "number") return;
    for (const listener of rightsListeners) listener({ userId });
  });

  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel, rightsChannel);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }

  return {
    async publish(event) {
      await publisher.publish(channel, JSON.stringify(event));
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
