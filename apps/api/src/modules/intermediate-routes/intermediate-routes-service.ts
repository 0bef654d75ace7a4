import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { createDomainEventPublisher, type DomainEventPublisher } from "../../realtime/domain-events.js";
import type { RealtimeBus } from "../../realtime/realtime-bus.js";
import type { Notifier } from "../notifications/notification-service.js";
import type { TripSeatCheck } from "../trips/trip-access.js";
import { createTripComments } from "./trip-comments.js";
import { createTripEnd } from "./trip-end.js";
import { createTripLists } from "./trip-lists.js";
import { createTripReads } from "./trip-reads.js";
import { createTripStart } from "./trip-start.js";

export { CURRENT_TRIP_NOT_FOUND } from "./trip-reads.js";

export type IntermediateRoutesService = ReturnType<typeof createIntermediateRoutesService>;

/** Trips: the lists, one trip's detail, Start and End, and the comments on a trip. */
export function createIntermediateRoutesService(
  db: Db,
  realtime: RealtimeBus,
  notifier: Notifier,
  time: BranchOfficeTime,
  /** Whether a rider off the roster booked a seat on a trip (bookings, bound in routes.ts). */
  seats: TripSeatCheck,
  /** Where a start and an end are told to the rest of the API (the incident monitor). */
  events: DomainEventPublisher = createDomainEventPublisher(realtime),
) {
  return {
    ...createTripLists(db),
    ...createTripReads(db, time, seats),
    start: createTripStart(db, realtime, events, time),
    end: createTripEnd(db, realtime, events),
    ...createTripComments(db, notifier),
  };
}
