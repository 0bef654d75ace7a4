import type { IncidentThresholds } from "@treiber/incidents";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { HOUR_MS } from "../../lib/caller-clock.js";
import { closePastNotStarted, openIncident, routesDue } from "./incident-repository.js";

/** A route late this long is no longer reported (a server down all morning does not flood the panel). */
const LATEST_REPORT_MS = 2 * HOUR_MS;
/** A trip started this long before the departure counts as the day's start. */
const EARLY_START_MS = 3 * HOUR_MS;

/**
 * NOT_STARTED (issue 25): the active routes due today (route days, departure = the route's or its
 * first stop's planned time) not started `notStartedMinutes` after the departure. Raised once per
 * route and day: the unique index decides between instances. Those of past days still unclosed
 * close `day-ended`. The ids of the rows this call inserted or closed.
 */
export async function scanNotStarted(
  db: Db,
  time: BranchOfficeTime,
  now: number,
  thresholdsOf: (branchOfficeId: number | null) => Promise<IncidentThresholds>,
): Promise<number[]> {
  const day = time.localDay(now);
  const weekday = ((new Date(day).getUTCDay() + 6) % 7) + 1;
  const serviceDay = time.serviceDay(now);
  const candidates = await routesDue(db, {
    weekday,
    serviceDay,
    since: new Date(day - EARLY_START_MS - HOUR_MS),
  });
  const changed: number[] = await closePastNotStarted(db, serviceDay, new Date(now));
  for (const route of candidates) {
    if (!route.departure) continue;
    const departure = time.on(route.departure.slice(0, 5), day);
    const thresholds = await thresholdsOf(route.branchOfficeId);
    const due = departure + thresholds.notStartedMinutes * 60_000;
    if (now < due || now > due + LATEST_REPORT_MS) continue;
    if (route.lastStart && route.lastStart.getTime() >= departure - EARLY_START_MS) continue;
    const id = await openIncident(db, {
      intermediateRouteId: null,
      routeId: route.routeId,
      serviceDay,
      driverId: route.driverId,
      supplierId: route.supplierId,
      type: "NOT_STARTED",
      stopIndex: null,
      openedAt: new Date(due),
      detail: {},
      evidence: [],
    });
    if (id !== undefined) changed.push(id);
  }
  return changed;
}
