import type { Audience, RealtimeBus, RealtimeEvent } from "./realtime-bus.js";

/**
 * What happens on a trip that the control room needs and the hub does not already carry to every
 * instance (issue 25): a start, a boarding, a cancellation; also a branch office's new incident
 * thresholds (every instance rebuilds its running trips with them). Published on the realtime bus (so with
 * Redis every instance sees it, like positions and `FinishIntermediateRoute`) to a group no client
 * can join (`TRIP_GROUP_PATTERN` admits only `intermediate-group-<id>`): the hub delivers it to no
 * one, the incident monitors subscribe to it.
 */
export const TRIP_FEED_TARGET = "TripFeed";
export const TRIP_FEED_AUDIENCE: Audience = { kind: "group", name: "treiber-trip-feed" };

export type TripFeedEvent =
  | { kind: "start"; intermediateRouteId: number; at: string }
  | { kind: "boarding"; intermediateRouteId: number; employeeId: number; at: string }
  | { kind: "cancellation"; intermediateRouteId: number; employeeId: number; at: string }
  | { kind: "thresholds"; branchOfficeId: number };

/** Resolves to whether the bus took the event. */
export type TripFeed = { publish(event: TripFeedEvent): Promise<boolean> };

/** Best effort: the action is saved; a bus that cannot take the event only delays the monitor's sync. */
export function createTripFeed(bus: RealtimeBus): TripFeed {
  return {
    async publish(event) {
      return bus.publish({ audience: TRIP_FEED_AUDIENCE, target: TRIP_FEED_TARGET, args: [event] }).then(
        () => true,
        () => false,
      );
    },
  };
}

/** The feed event an event on the bus carries, if it is one. */
export const tripFeedEventOf = (event: RealtimeEvent): TripFeedEvent | undefined =>
  event.target === TRIP_FEED_TARGET ? (event.args[0] as TripFeedEvent) : undefined;
