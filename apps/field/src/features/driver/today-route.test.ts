import type { TodayRoute } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { departureOf } from "../../shared/departure-of";
import { routeInProgress, sortTodayRoutes } from "./today-route";

const route = (patch: Partial<TodayRoute>): TodayRoute => ({
  routeId: 1,
  routeNotScheduledId: null,
  name: "Ruta",
  description: null,
  destinationName: "Planta",
  destinationLatitude: null,
  destinationLongitude: null,
  departureTime: "07:00",
  scheduledDate: null,
  state: "Pendiente",
  intermediateRouteId: null,
  amountRiders: 3,
  riders: [],
  direction: null,
  stops: [],
  serviceDate: null,
  ...patch,
});

describe("today's routes", () => {
  it("sorts by departure time, routes without a time last", () => {
    const sorted = sortTodayRoutes([
      route({ name: "c", departureTime: null }),
      route({ name: "b", departureTime: "17:30" }),
      route({ name: "a", departureTime: "06:45" }),
    ]);
    expect(sorted.map((item) => item.name)).toEqual(["a", "b", "c"]);
  });

  it("takes a not-scheduled route's time from its date", () => {
    const scheduledDate = new Date(2026, 10, 23, 8, 15).toISOString();
    expect(departureOf(route({ departureTime: null, scheduledDate }))).toBe("08:15");
    expect(departureOf(route({ departureTime: "06:30:00" }))).toBe("06:30");
  });

  it("finds the trip in progress to reopen", () => {
    expect(routeInProgress([route({ name: "a" }), route({ name: "b", state: "En curso" })])?.name).toBe("b");
    expect(routeInProgress([route({ state: "Finalizada" })])).toBeNull();
  });
});
