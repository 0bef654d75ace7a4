import type { BookingManifestResponse, TodayRoute } from "@treiber/contract";
import type { NotRidingRider } from "./trip/trip-bookings";

/** Whose bookings do not make them expected on the bus. */
const NOT_RIDING = new Set(["CANCELLED", "WAITLISTED"]);
/** Who is expected: confirmed, or already marked (absent, boarded). */
const EXPECTED = new Set(["CONFIRMED", "NO_SHOW", "RIDDEN"]);

/** A pending route of «Hoy» with its run's bookings applied. */
export type TodayBookings = {
  /** How many riders the driver expects: the roster less who does not ride, plus seats asked. */
  expected: number;
  /** The stops, each without the riders who do not ride. */
  stops: TodayRoute["stops"];
  /** The roster's riders who said they will not ride that day (folded as «No viaja»). */
  notRiding: NotRidingRider[];
};

/**
 * «Hoy» before the route starts (issue 35): the manifest of the run's service date (the server's
 * `serviceDate`, never the phone's date) takes the riders who cancelled (or only wait for a seat)
 * out of the expected count and of their stop, folded as «No viaja»; riders with a seat asked on
 * this route count as expected. Without a manifest (none yet, a route without bookings) the route
 * stays as the server listed it.
 */
export function todayBookings(
  route: Pick<TodayRoute, "riders" | "stops" | "amountRiders">,
  manifest: BookingManifestResponse | undefined,
): TodayBookings {
  if (!manifest) return { expected: route.amountRiders, stops: route.stops, notRiding: [] };
  const roster = new Set(route.riders.map((rider) => rider.id));
  const notRiding = manifest.list.filter(
    (item) => roster.has(item.employeeId) && NOT_RIDING.has(item.status),
  );
  const away = new Set(notRiding.map((item) => item.employeeId));
  const seats = manifest.list.filter((item) => !roster.has(item.employeeId) && EXPECTED.has(item.status));
  return {
    expected: route.riders.length - away.size + seats.length,
    stops: route.stops.map((stop) => ({
      ...stop,
      employeeIds: stop.employeeIds.filter((id) => !away.has(id)),
    })),
    notRiding,
  };
}
