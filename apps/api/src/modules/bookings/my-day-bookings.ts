import type { MyBookingItem } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { routeNames } from "./booking-lists-repository.js";
import { type DayVersionsReader, dayPlaceOf } from "./day-versions.js";

type Item = Pick<MyBookingItem, "routeId" | "routeName" | "date" | "status" | "stopName" | "plannedTime">;
/** The days a rider rides (or rode): not those they gave up or still wait for. */
const rides = (item: Item) => item.status !== "CANCELLED" && item.status !== "WAITLISTED";

/** Each date the rider rides, with all of that date's routes in the list: what the plans are read for. */
function routesByDate(list: Item[]) {
  const dates = [...new Set(list.filter(rides).map((item) => item.date))];
  return dates.map((date) => ({
    date,
    routeIds: [...new Set(list.filter((item) => item.date === date).map((item) => item.routeId))],
  }));
}

/**
 * «Mis viajes» under a plan of the day (issue 36): on a date whose plan seats the rider, the route
 * name, stop and planned time are the day's (the route that carries them that date, also when their
 * own is released); the booking stays keyed by its own route (`routeId`). One read of the plans for
 * all the dates (not one per date).
 */
export async function withDayVersions<T extends Item>(
  db: Db,
  readDays: DayVersionsReader,
  employeeId: number,
  list: T[],
): Promise<T[]> {
  const versions = await readDays(db, routesByDate(list));
  const places = new Map<string, NonNullable<ReturnType<typeof dayPlaceOf>>>();
  for (const [date, version] of versions) {
    const place = dayPlaceOf(version, employeeId);
    if (place) places.set(date, place);
  }
  if (places.size === 0) return list;
  const nameOf = await routeNames(db, [...new Set([...places.values()].map((place) => place.routeId))]);
  return list.map((item) => {
    const place = places.get(item.date);
    if (!place || !rides(item)) return item;
    return {
      ...item,
      routeName: nameOf.get(place.routeId) ?? item.routeName,
      stopName: place.stop.name,
      plannedTime: place.stop.plannedTime,
    };
  });
}
