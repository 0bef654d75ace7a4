import { Redis } from "ioredis";
import type { RealtimeBus, RealtimeEvent, RealtimeListener } from "./realtime-bus.js";

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
  const redisOptions = { lazyConnect: true, maxRetriesPerRequest: 3 };
  const publisher = new Redis(options.url, redisOptions);
  const subscriber = new Redis(options.url, redisOptions);
  const onError = options.onError ?? (() => {});
  publisher.on("error", onError);
  subscriber.on("error", onError);
  const listeners = new Set<RealtimeListener>();

  subscriber.on("message", (received: string, message: string) => {
    if (received !== channel) return;
    let event: RealtimeEvent;
    try {
      event = JSON.parse(message) as RealtimeEvent;
    } catch (error) {
      onError(error);
      return;
    }
    for (const listener of listeners) listener(event);
  });

  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
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
    async close() {
      listeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
