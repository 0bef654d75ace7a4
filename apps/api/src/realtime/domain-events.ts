import { z } from "zod";

/**
 * What happened in the API that other parts of it react to, on every instance (issue 34): a trip's
 * position recorded, a trip started or ended, a rider boarded or cancelled, a branch office's
 * incident thresholds changed. Published where it happens (the module that records it), after the
 * write; carried by the realtime bus on a channel of its own (never to a hub client), and read back
 * through `domainEventSchema`: what crossed a process boundary is parsed, never cast. Times are ISO
 * instants (what `toISOString` writes), so an event reads the same after JSON.
 */
const id = z.number().int().positive();
const instant = z.iso.datetime();

export const domainEventSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("position-recorded"),
    intermediateRouteId: id,
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    /** The device's time of the position. */
    recordedAt: instant,
  }),
  z.object({ kind: z.literal("trip-started"), intermediateRouteId: id, startedAt: instant }),
  z.object({ kind: z.literal("trip-ended"), intermediateRouteId: id, endedAt: instant }),
  z.object({ kind: z.literal("rider-boarded"), intermediateRouteId: id, employeeId: id, boardedAt: instant }),
  z.object({
    kind: z.literal("service-canceled"),
    intermediateRouteId: id,
    employeeId: id,
    canceledAt: instant,
  }),
  z.object({ kind: z.literal("incident-thresholds-changed"), branchOfficeId: id }),
]);

export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventListener = (event: DomainEvent) => void;

/** The realtime bus's domain-event channel (the whole `RealtimeBus` also carries hub frames). */
export type DomainEventBus = {
  publishDomainEvent(event: DomainEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribeDomainEvents(listener: DomainEventListener): () => void;
};

/**
 * The domain events of one message off the wire (one event, or an array of them), each checked by
 * its schema: one that does not parse is reported and dropped, the others are kept.
 */
export function parseDomainEvents(message: unknown, onInvalid: (error: unknown) => void): DomainEvent[] {
  const events: DomainEvent[] = [];
  for (const item of Array.isArray(message) ? message : [message]) {
    const parsed = domainEventSchema.safeParse(item);
    if (parsed.success) events.push(parsed.data);
    else onInvalid(parsed.error);
  }
  return events;
}

/** Resolves to whether the bus took the event. */
export type DomainEventPublisher = { publish(event: DomainEvent): Promise<boolean> };

/**
 * Best effort: the action is saved before its event is published; a bus that cannot take it (Redis
 * down) only delays who reacts to it (the incident monitor's sync finds trips in progress again).
 */
export function createDomainEventPublisher(bus: DomainEventBus): DomainEventPublisher {
  return {
    publish: (event) =>
      bus.publishDomainEvent(event).then(
        () => true,
        () => false,
      ),
  };
}
