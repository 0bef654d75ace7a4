import type { TripEvent } from "@treiber/incidents";
import type { DomainEvent, DomainEventBus } from "../../realtime/domain-events.js";

/** Where the intake sends what it heard. */
export type TripEventSink = {
  feed(intermediateRouteId: number, event: TripEvent): void;
  end(intermediateRouteId: number, at: number): void;
  thresholdsChanged(branchOfficeId: number): void;
};

/**
 * The incident monitor's intake (issue 34): the typed domain events of every instance (the bus has
 * parsed them by their schema), each turned into the rules' event of its trip. Hub frames are not
 * read: what the browsers get is theirs. Returns the unsubscribe function.
 */
export function subscribeTripEvents(bus: DomainEventBus, sink: TripEventSink, now: () => number): () => void {
  /** An ISO instant as epoch ms (now, should it not read as one). */
  const instant = (iso: string) => {
    const at = Date.parse(iso);
    return Number.isFinite(at) ? at : now();
  };
  return bus.subscribeDomainEvents((event: DomainEvent) => {
    switch (event.kind) {
      case "position-recorded": {
        const { intermediateRouteId, latitude, longitude } = event;
        return sink.feed(intermediateRouteId, {
          kind: "position",
          at: instant(event.recordedAt),
          latitude,
          longitude,
        });
      }
      case "trip-started":
        return sink.feed(event.intermediateRouteId, { kind: "start", at: instant(event.startedAt) });
      case "rider-boarded":
        return sink.feed(event.intermediateRouteId, {
          kind: "boarding",
          at: instant(event.boardedAt),
          riderId: event.employeeId,
        });
      case "service-canceled":
        return sink.feed(event.intermediateRouteId, {
          kind: "cancellation",
          at: instant(event.canceledAt),
          riderId: event.employeeId,
        });
      case "trip-ended":
        return sink.end(event.intermediateRouteId, instant(event.endedAt));
      case "incident-thresholds-changed":
        return sink.thresholdsChanged(event.branchOfficeId);
    }
  });
}
