import {
  co2KgOf,
  type DayPlanMovedRider,
  type DayPlanTotals,
  minutesOfDay,
  type PlanParams,
  type PlanRoute,
  planFigures,
  planRouteCost,
  routeFigures,
} from "@treiber/contract";
import type { ProposalVehicle } from "../planning/read-solution.js";
import type { DayRider, DayScene } from "./day-scene.js";

/**
 * Vehicles, km, cost, riders and kg of CO₂ (km × the factor of each vehicle's type: the configured
 * ones, `emissionFactors`, else the contract's defaults).
 */
export function dayTotals(
  routes: readonly PlanRoute[],
  params: PlanParams,
  factors?: Parameters<typeof co2KgOf>[2],
): DayPlanTotals {
  const used = routes.filter((route) => route.stops.some((stop) => stop.employeeIds.length > 0));
  const co2 = used.reduce(
    (sum, route) => sum + co2KgOf(routeFigures(route, params).km, route.seats, factors),
    0,
  );
  return { ...planFigures(routes, params), co2Kg: Math.round(co2 * 10) / 10 };
}

/**
 * The standing routes as they run the date: their stored stops (planned times as stored) with only
 * the riders who ride that route that date (confirmed); stops nobody boards are left out.
 */
export function standingRoutesOf(
  day: DayScene,
  vehicles: readonly ProposalVehicle[],
  params: PlanParams,
): PlanRoute[] {
  return day.routes.map((route) => {
    const vehicle = vehicles.find((v) => v.routeId === route.id);
    const riders = day.riders.filter((rider) => rider.status === "CONFIRMED" && rider.routeId === route.id);
    const stops = route.stops.flatMap((stop) => {
      const employeeIds = riders
        .filter((rider) => rider.stop?.id === stop.id)
        .map((rider) => rider.employeeId);
      if (employeeIds.length === 0) return [];
      return [
        {
          key: `stop-${stop.id}`,
          name: stop.name,
          address: stop.address,
          latitude: stop.latitude,
          longitude: stop.longitude,
          plannedTime: stop.plannedTime,
          employeeIds,
        },
      ];
    });
    return {
      key: `route-${route.id}`,
      routeId: route.id,
      name: route.name,
      driverId: route.driver?.driverId ?? null,
      driverName: vehicle?.driverName || null,
      supplierName: vehicle?.supplierName ?? null,
      vehiclePlate: vehicle?.vehiclePlate ?? null,
      seats: vehicle?.seats ?? null,
      cost: planRouteCost({ stops }, vehicle?.pricing, params),
      stops,
    };
  });
}

/** Where a rider is (route and planned time) in a plan. */
export type Place = { routeId: number; routeName: string; time: string | null; stopName: string | null };

/** Each rider's route and time in the plan's routes. */
export function placesIn(routes: readonly Pick<PlanRoute, "routeId" | "name" | "stops">[]) {
  const places = new Map<number, Place>();
  for (const route of routes)
    for (const stop of route.stops)
      for (const employeeId of stop.employeeIds)
        places.set(employeeId, {
          routeId: route.routeId ?? 0,
          routeName: route.name,
          time: stop.plannedTime,
          stopName: stop.name,
        });
  return places;
}

/** A rider's place by their booking: their booking route and its stop's stored time. */
export function bookedPlaces(day: DayScene) {
  const names = new Map(day.routes.map((route) => [route.id, route.name]));
  const places = new Map<number, Place>();
  for (const rider of day.riders)
    places.set(rider.employeeId, {
      routeId: rider.routeId,
      routeName: names.get(rider.routeId) ?? "",
      time: rider.stop?.plannedTime ?? null,
      stopName: rider.stop?.name ?? null,
    });
  return places;
}

const minutesBetween = (before: string | null, after: string | null) =>
  before && after ? minutesOfDay(after) - minutesOfDay(before) : 0;

/** Riders whose time or bus differs in the day's plan from where their booking puts them. */
export function movedRiders(
  riders: readonly DayRider[],
  before: Map<number, Place>,
  after: Map<number, Place>,
) {
  return riders.flatMap((rider): DayPlanMovedRider[] => {
    const was = before.get(rider.employeeId);
    const now = after.get(rider.employeeId);
    if (!now) return [];
    if (was && was.routeId === now.routeId && was.time === now.time) return [];
    return [
      {
        employeeId: rider.employeeId,
        name: rider.name,
        lastname: rider.lastname,
        before: was?.time ?? null,
        after: now.time,
        minutes: minutesBetween(was?.time ?? null, now.time),
        routeNameBefore: was?.routeName ?? null,
        routeNameAfter: now.routeName,
      },
    ];
  });
}
