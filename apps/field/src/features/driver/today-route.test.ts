import { describe, expect, it } from "vitest";
import {
  formatDepartureTime,
  fromStartableRoute,
  routeInProgress,
  sortTodayRoutes,
  type TodayRoute,
} from "./today-route";

const route = (patch: Partial<TodayRoute>): TodayRoute => ({
  key: "r1",
  name: "Ruta",
  destinationName: "Planta",
  departureTime: "07:00",
  expectedRiders: 3,
  state: "Pending",
  intermediateRouteId: null,
  ...patch,
});

describe("today's routes", () => {
  it("sorts by departure time, routes without a time last", () => {
    const sorted = sortTodayRoutes([
      route({ key: "c", departureTime: null }),
      route({ key: "b", departureTime: "17:30" }),
      route({ key: "a", departureTime: "06:45" }),
    ]);
    expect(sorted.map((item) => item.key)).toEqual(["a", "b", "c"]);
  });

  it("finds the trip in progress to reopen", () => {
    expect(routeInProgress([route({ key: "a" }), route({ key: "b", state: "InProgress" })])?.key).toBe("b");
    expect(routeInProgress([route({ state: "Finished" })])).toBeNull();
  });

  it("formats departure times in 12-hour Spanish style", () => {
    expect(formatDepartureTime("07:05")).toBe("7:05 a. m.");
    expect(formatDepartureTime("12:00")).toBe("12:00 p. m.");
    expect(formatDepartureTime("00:30")).toBe("12:30 a. m.");
    expect(formatDepartureTime(null)).toBe("Sin hora fija");
  });

  it("maps a startable route to a pending row", () => {
    const row = fromStartableRoute({
      routeId: null,
      routeNotScheduledId: 4,
      name: "Especial",
      description: null,
      destinationName: "Puerto",
      destinationLatitude: null,
      destinationLongitude: null,
      departureTime: "08:15:00",
      scheduledDate: null,
    });
    expect(row).toMatchObject({ key: "n4", departureTime: "08:15", state: "Pending", expectedRiders: null });
  });
});
