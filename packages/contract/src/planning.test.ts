import { describe, expect, it } from "vitest";
import {
  type PlanParams,
  planFigures,
  routeWarnings,
  scheduleStops,
  straightKm,
  travel,
} from "./planning.js";

const workplace = { latitude: 18.47, longitude: -69.93 };
/** ~1.11 km north of the workplace per 0.01° of latitude. */
const north = (hundredths: number) => ({ latitude: 18.47 + hundredths / 100, longitude: -69.93 });
const params = (direction: "inbound" | "outbound"): PlanParams => ({
  direction,
  shiftTime: "08:00",
  workplace,
  speedKmh: 30,
  circuity: 1,
  serviceMinutes: 2,
  maxRideMinutes: 60,
});

describe("travel model", () => {
  it("measures straight km and drives them at the speed, times the circuity", () => {
    expect(straightKm(workplace, north(9))).toBeCloseTo(10.0, 0);
    const leg = travel(workplace, north(9), { speedKmh: 30, circuity: 1.5 });
    expect(leg.km).toBeCloseTo(15.0, 0);
    expect(leg.minutes).toBeCloseTo(30, 0);
  });

  it("inbound: arrives at the shift's time, each stop as late as that allows (floored)", () => {
    // 18 km (≈ 36 min) to the workplace from the far stop, 9 km from the near one.
    const schedule = scheduleStops([north(18), north(9)], params("inbound"));
    const [far, near] = schedule.stops;
    expect(near?.plannedTime).toBe("07:37"); // 08:00 − 20.01 min − 2 min service, floored
    expect(far?.plannedTime).toBe("07:15");
    expect(schedule.longestRideMinutes).toBe(45);
    expect(schedule.km).toBeCloseTo(20, 0);
  });

  it("outbound: leaves at the shift's time, each stop when the bus gets there (ceiled)", () => {
    const schedule = scheduleStops([north(9), north(18)], params("outbound"));
    expect(schedule.stops.map((stop) => stop.plannedTime)).toEqual(["08:21", "08:43"]);
    expect(schedule.longestRideMinutes).toBe(43);
  });

  it("crosses midnight", () => {
    const schedule = scheduleStops([north(9)], { ...params("inbound"), shiftTime: "00:10" });
    expect(schedule.stops[0]?.plannedTime).toBe("23:47");
  });

  it("sums a plan's figures and warns on seats and rides", () => {
    const route = (seats: number, ids: number[]) => ({
      name: "Ruta 1",
      seats,
      cost: 50,
      stops: [{ key: "a", name: "A", address: null, ...north(90), plannedTime: "", employeeIds: ids }],
    });
    const figures = planFigures([route(4, [1, 2]), route(4, []), route(4, [3])], params("inbound"));
    expect(figures).toMatchObject({ vehicles: 2, riders: 3, seatFill: 0.375, cost: 100 });
    expect(routeWarnings(route(1, [1, 2]), params("inbound"))).toEqual([
      "Ruta 1: 2 colaboradores y 1 asientos",
      expect.stringContaining("supera el máximo de 60 min"),
    ]);
  });
});
