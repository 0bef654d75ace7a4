import type { BookingManifestResponse, BookingStatus, ManifestItem } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { BookingClock } from "./booking-clock.js";
import { type DayPerson, dayRidersOf } from "./booking-lists-repository.js";
import { bookingManifest } from "./booking-manifest.js";
import { type DayVersionStop, type DayVersionsReader, dayPlaceOf, oneDayVersions } from "./day-versions.js";

/** Expected first (confirmed, boarded, absent), then the waitlist, then the cancelled. */
const GROUP: Record<BookingStatus, number> = {
  CONFIRMED: 0,
  RIDDEN: 0,
  NO_SHOW: 0,
  WAITLISTED: 1,
  CANCELLED: 2,
};

/** A rider the plan of the day brings from another route: their own booking's status. */
const newcomerItem = (person: DayPerson): ManifestItem => ({
  employeeId: person.employeeId,
  name: person.name,
  lastname: person.lastname,
  codeEmployee: person.codeEmployee,
  stopName: null,
  status: (person.row?.status as BookingStatus | undefined) ?? "CONFIRMED",
  waitlistPosition: null,
  plannedTime: null,
  assigned: false,
  reason: person.row?.reason ?? null,
  changedAt: person.row?.changedAt ?? null,
  changedBy: person.row?.changedBy ?? null,
  changedByAdmin: person.row?.changedByAdmin ?? false,
});

/**
 * `GET Booking/manifest` under a plan of the day (issue 36): the route's list is who the day's
 * version puts on it (at its stops and times, with their booking status), whoever boarded it, and
 * its own riders the plan seats nowhere (the cancelled, the waitlist); riders the plan moved to
 * another route are expected there, not here. Without a plan that date: the standing manifest.
 */
export async function dayManifest(
  db: Db,
  clock: BookingClock,
  readDays: DayVersionsReader,
  user: AuthUser,
  query: { routeId: number; date: string },
): Promise<BookingManifestResponse> {
  const manifest = await bookingManifest(db, clock, user, query);
  const plan = await oneDayVersions(readDays, db, [query.routeId], query.date);
  const version = plan?.get(query.routeId);
  if (!plan || !version) return manifest;
  const here = new Map<number, DayVersionStop>(
    version.stops.flatMap((stop) => stop.employeeIds.map((id) => [id, stop] as const)),
  );
  const kept = manifest.list.filter(
    (item) => item.status === "RIDDEN" || here.has(item.employeeId) || !dayPlaceOf(plan, item.employeeId),
  );
  const listed = new Set(kept.map((item) => item.employeeId));
  const newcomers = await dayRidersOf(
    db,
    [...here.keys()].filter((id) => !listed.has(id)),
    query.date,
  );
  const items = [...kept, ...newcomers.filter((person) => person.active).map(newcomerItem)].map((item) => {
    const stop = here.get(item.employeeId);
    return {
      item: stop ? { ...item, stopName: stop.name, plannedTime: stop.plannedTime } : item,
      position: stop?.position ?? 9999,
    };
  });
  items.sort(
    (a, b) =>
      GROUP[a.item.status] - GROUP[b.item.status] ||
      (a.item.waitlistPosition ?? 0) - (b.item.waitlistPosition ?? 0) ||
      a.position - b.position ||
      `${a.item.name} ${a.item.lastname}`.localeCompare(`${b.item.name} ${b.item.lastname}`, "es") ||
      a.item.employeeId - b.item.employeeId,
  );
  const list = items.map(({ item }) => item);
  const count = (status: BookingStatus) => list.filter((item) => item.status === status).length;
  return {
    ...manifest,
    confirmed: count("CONFIRMED"),
    waitlisted: count("WAITLISTED"),
    cancelled: count("CANCELLED"),
    noShow: count("NO_SHOW"),
    ridden: count("RIDDEN"),
    list,
  };
}
