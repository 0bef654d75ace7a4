import { Redis } from "ioredis";
import { type DomainEventListener, parseDomainEvents } from "./domain-events.js";
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
 * 2,000. A message holding a single event object is read too. Domain events (`<channel>:domain`)
 * go the same way and are parsed by their schema on receipt; one that does not parse is reported
 * (`onError`) and dropped.
 */
export async function createRedisBus(options: RedisBusOptions): Promise<RealtimeBus> {
  const channel = options.channel ?? "treiber:realtime";
  const rightsChannel = `${channel}:rights`;
  const domainChannel = `${channel}:domain`;
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
    if (subscribed) subscriber.subscribe(channel, rightsChannel, domainChannel).catch(onError);
  });
  const listeners = new Set<RealtimeListener>();
  const rightsListeners = new Set<RightsListener>();
  const domainListeners = new Set<DomainEventListener>();

  subscriber.on(
    "message",
    deliverMessage(
      { hub: channel, rights: rightsChannel, domain: domainChannel },
      { hub: listeners, rights: rightsListeners, domain: domainListeners },
      onError,
    ),
  );

  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel, rightsChannel, domainChannel);
    subscribed = true;
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }

  const hubFrames = turnBatch((message) => publisher.publish(channel, message));
  const domainEvents = turnBatch((message) => publisher.publish(domainChannel, message));

  return {
    publish: (event) => hubFrames.add(JSON.stringify(event)),
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
    publishDomainEvent: (event) => domainEvents.add(JSON.stringify(event)),
    subscribeDomainEvents(listener) {
      domainListeners.add(listener);
      return () => domainListeners.delete(listener);
    },
    async close() {
      listeners.clear();
      rightsListeners.clear();
      domainListeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

/**
 * A message heard on one of the bus's channels, to that channel's listeners: hub frames as they
 * were published (the hub relays them to its clients), a rights change's user id, and domain events
 * parsed by their schema.
 */
function deliverMessage(
  channels: { hub: string; rights: string; domain: string },
  listeners: {
    hub: ReadonlySet<RealtimeListener>;
    rights: ReadonlySet<RightsListener>;
    domain: ReadonlySet<DomainEventListener>;
  },
  onError: (error: unknown) => void,
) {
  return (received: string, message: string) => {
    if (received !== channels.hub && received !== channels.rights && received !== channels.domain) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch (error) {
      onError(error);
      return;
    }
    if (received === channels.domain) {
      for (const event of parseDomainEvents(parsed, onError))
        for (const listener of listeners.domain) listener(event);
      return;
    }
    if (received === channels.hub) {
      const events = (Array.isArray(parsed) ? parsed : [parsed]) as RealtimeEvent[];
      for (const event of events) for (const listener of listeners.hub) listener(event);
      return;
    }
    const userId = (parsed as Partial<RightsChange> | null)?.userId;
    if (typeof userId !== "number") return;
    for (const listener of listeners.rights) listener({ userId });
  };
}

/**
 * Serialized events of this event-loop turn, sent together at its end as one JSON array; `add`
 * resolves when the PUBLISH that carries the event is done.
 */
function turnBatch(send: (message: string) => Promise<unknown>) {
  let batch: string[] = [];
  let sent: Promise<void> | undefined;
  const flush = async () => {
    const events = batch;
    batch = [];
    sent = undefined;
    await send(`[${events.join(",")}]`);
  };
  return {
    add(serialized: string): Promise<void> {
      batch.push(serialized);
      sent ??= new Promise<void>((resolve) => setImmediate(resolve)).then(flush);
      return sent;
    },
  };
}
