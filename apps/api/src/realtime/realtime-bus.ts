import type { DomainEventBus, DomainEventListener } from "./domain-events.js";

/**
 * The seam between the API and the real-time hub. Modules publish hub events here (a trip's
 * position, a notification for the admins…); the hub at `/server` subscribes and delivers each
 * event to its connections. Beside the hub frames, two channels of the API's own: rights changes
 * and typed domain events (`domain-events.ts`: what the incident monitor reads). The in-memory bus
 * serves one instance; with `REDIS_URL` a Redis pub/sub bus with the same shape lets every instance
 * deliver every event.
 */

/** Who receives an event. */
export type Audience =
  /** Every connected Admin and SuperAdmin, but the one who caused the event (`exceptUserId`). */
  | { kind: "admins"; exceptUserId?: number }
  /** Every connection that joined the group, e.g. `intermediate-group-12`. */
  | { kind: "group"; name: string }
  /** Every connection of one user. */
  | { kind: "user"; userId: number }
  /** Every connection matching at least one of these audiences, each delivered once. */
  | { kind: "many"; audiences: Audience[] };

/** One hub invocation to deliver: `target` is the client method name, `args` its arguments. */
export type RealtimeEvent = { audience: Audience; target: string; args: unknown[] };

export type RealtimeListener = (event: RealtimeEvent) => void;

/**
 * A user's rights may have changed (status, role, password, a session ended): every instance drops
 * what it cached of them and re-checks that user's hub connections (decision 0023).
 */
export type RightsChange = { userId: number };
export type RightsListener = (change: RightsChange) => void;

export type RealtimeBus = DomainEventBus & {
  publish(event: RealtimeEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: RealtimeListener): () => void;
  publishRightsChange(change: RightsChange): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribeRightsChanges(listener: RightsListener): () => void;
  close(): Promise<void>;
};

export function createMemoryBus(): RealtimeBus {
  const listeners = new Set<RealtimeListener>();
  const rightsListeners = new Set<RightsListener>();
  const domainListeners = new Set<DomainEventListener>();
  return {
    async publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async publishRightsChange(change) {
      for (const listener of rightsListeners) listener(change);
    },
    subscribeRightsChanges(listener) {
      rightsListeners.add(listener);
      return () => rightsListeners.delete(listener);
    },
    async publishDomainEvent(event) {
      for (const listener of domainListeners) listener(event);
    },
    subscribeDomainEvents(listener) {
      domainListeners.add(listener);
      return () => domainListeners.delete(listener);
    },
    async close() {
      listeners.clear();
      rightsListeners.clear();
      domainListeners.clear();
    },
  };
}

/** The group of one trip's live followers. */
export const tripGroupName = (intermediateRouteId: number) => `intermediate-group-${intermediateRouteId}`;
