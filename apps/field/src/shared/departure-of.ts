import { format24hTime } from "@treiber/client/format";
import type { TodayRoute } from "@treiber/contract";

/** "HH:mm" when the route leaves: its fixed time, or the local time of a not-scheduled route's date. */
export function departureOf(route: Pick<TodayRoute, "departureTime" | "scheduledDate">): string | null {
  if (route.departureTime) return route.departureTime.slice(0, 5);
  if (!route.scheduledDate) return null;
  const date = new Date(route.scheduledDate);
  return Number.isNaN(date.getTime()) ? null : format24hTime(date);
}
