import {
  co2KgOf,
  figuresMinus,
  figuresPlus,
  NO_FIGURES,
  type SavingsFigures,
  type SavingsReportItem,
  type SavingsReportQuery,
  type SavingsReportResponse,
  type VehicleType,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { DayPlanFigures } from "../../db/schema.js";
import type { BookingClock } from "../bookings/booking-clock.js";
import { reportDates } from "../bookings/booking-report.js";
import { emissionFactors } from "./emission-factors-repository.js";
import {
  planRoutes,
  routeTimings,
  type SavingsPlanRow,
  savingsPlans,
  tripsOfRoutes,
} from "./savings-report-repository.js";

const stored = (figures: DayPlanFigures): SavingsFigures => ({
  vehicles: figures.vehicles,
  km: figures.km,
  cost: figures.cost,
  co2Kg: figures.co2Kg,
});

/**
 * What ran for each day plan: the trips of its routes whose service date is the plan's date, with
 * their measured km, their cost (as the cuts price them) and CO₂ from the km × the configured
 * factor of the driver's vehicle type.
 */
async function ranOf(
  db: Db,
  clock: BookingClock,
  plans: SavingsPlanRow[],
  window: { from: Date; to: Date },
  factors: Record<VehicleType, number>,
) {
  const links = await planRoutes(
    db,
    plans.map((plan) => plan.id),
  );
  const routeIds = [...new Set(links.map((link) => link.routeId))];
  const [timings, trips] = await Promise.all([
    routeTimings(db, routeIds),
    tripsOfRoutes(db, routeIds, window.from, window.to),
  ]);
  const timingOf = new Map(timings.map((route) => [route.id, route]));
  const byRouteDate = new Map<string, { figures: SavingsFigures; trips: number }>();
  for (const trip of trips) {
    const timing = timingOf.get(trip.routeId);
    if (!timing) continue;
    const key = `${trip.routeId}:${clock.serviceDateOfTrip(timing, trip.startedAt.getTime())}`;
    const was = byRouteDate.get(key) ?? { figures: NO_FIGURES, trips: 0 };
    const add = { vehicles: 1, km: trip.km, cost: trip.cost, co2Kg: co2KgOf(trip.km, trip.seats, factors) };
    byRouteDate.set(key, { figures: figuresPlus(was.figures, add), trips: was.trips + 1 });
  }
  const dateOf = new Map(plans.map((plan) => [plan.id, plan.date]));
  const ran = new Map<number, { figures: SavingsFigures; trips: number }>();
  for (const link of links) {
    const day = byRouteDate.get(`${link.routeId}:${dateOf.get(link.dayPlanId)}`);
    if (!day) continue;
    const was = ran.get(link.dayPlanId) ?? { figures: NO_FIGURES, trips: 0 };
    ran.set(link.dayPlanId, { figures: figuresPlus(was.figures, day.figures), trips: was.trips + day.trips });
  }
  return ran;
}

function itemOf(
  plan: SavingsPlanRow,
  ran: { figures: SavingsFigures; trips: number } | undefined,
): SavingsReportItem {
  const standing = stored(plan.standing);
  const day = stored(plan.day);
  return {
    dayPlanId: plan.id,
    date: plan.date,
    shiftId: plan.shiftId,
    shiftName: plan.shiftName,
    destinationId: plan.destinationId,
    destinationName: plan.destinationName,
    branchOfficeName: plan.branchOfficeName,
    source: plan.source,
    standing,
    day,
    ran: ran?.figures ?? NO_FIGURES,
    trips: ran?.trips ?? 0,
    saved: figuresMinus(standing, day),
    savedRan: ran ? figuresMinus(standing, ran.figures) : null,
  };
}

function totalsOf(items: SavingsReportItem[]) {
  const sum = (pick: (item: SavingsReportItem) => SavingsFigures | null) =>
    items.reduce((total, item) => figuresPlus(total, pick(item) ?? NO_FIGURES), NO_FIGURES);
  return {
    standing: sum((item) => item.standing),
    day: sum((item) => item.day),
    ran: sum((item) => item.ran),
    trips: items.reduce((total, item) => total + item.trips, 0),
    saved: sum((item) => item.saved),
    savedRan: sum((item) => item.savedRan),
  };
}

/** Every row of the period (the Excel's) or one page, with the totals of the period. */
export async function savingsReportRows(
  db: Db,
  clock: BookingClock,
  query: SavingsReportQuery,
  paged: boolean,
): Promise<SavingsReportResponse> {
  const { since, until, window } = reportDates(query, clock);
  const plans = await savingsPlans(db, { ...query, since, until });
  const ran = await ranOf(db, clock, plans, window, await emissionFactors(db));
  const items = plans.map((plan) => itemOf(plan, ran.get(plan.id)));
  const start = (query.skip - 1) * query.amount;
  return {
    amount: items.length,
    data: {
      items: paged ? items.slice(start, start + query.amount) : items,
      sinceDate: since,
      untilDate: until,
      totals: totalsOf(items),
    },
  };
}
