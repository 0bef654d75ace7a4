import { describe, expect, it } from "vitest";
import { greatCircleKm, METERS_PER_DEGREE } from "./geo.js";
import { AT_STOP_METERS, arrivalViaStops, type StopTravelModel, travel } from "./travel-model.js";

const KM_PER_DEGREE = METERS_PER_DEGREE / 1000;
/** A point `km` north of 18.4 N, 69.9 W. */
const north = (km: number) => ({ latitude: 18.4 + km / KM_PER_DEGREE, longitude: -69.9 });
/** A point `km` east of `point` (along its parallel). */
const east = (point: { latitude: number; longitude: number }, km: number) => ({
  latitude: point.latitude,
  longitude: point.longitude + km / (KM_PER_DEGREE * Math.cos((point.latitude * Math.PI) / 180)),
});

const model: StopTravelModel = { speedKmh: 30, circuity: 1.5, serviceMinutes: 2 };

describe("arrivalViaStops: the bus's arrival at a stop through the stops still ahead", () => {
  it("drives straight to the rider's stop when it is the next one", () => {
    const bus = north(0);
    const stop = north(6);
    // 6 km × 1.5 = 9 km at 30 km/h = 18 min, no stop on the way.
    const result = arrivalViaStops(bus, [stop], model);
    expect(result.minutes).toBeCloseTo(18, 6);
    expect(result.km).toBeCloseTo(9, 6);
    expect(result.servedStops).toBe(0);
    expect(result.minutes).toBeCloseTo(travel(bus, stop, model).minutes, 9);
  });

  it("goes via each stop ahead and spends its service minutes there", () => {
    const bus = north(0);
    // A detour: 2 km east, then 2 km north of that, then back west to the rider's stop 2 km north.
    const first = east(bus, 2);
    const second = east(north(2), 2);
    const mine = north(2);
    const result = arrivalViaStops(bus, [first, second, mine], model);
    const legs = [
      greatCircleKm(bus, first),
      greatCircleKm(first, second),
      greatCircleKm(second, mine),
    ].reduce((sum, km) => sum + km, 0);
    expect(result.km).toBeCloseTo(legs * 1.5, 6);
    // About 6 km × 1.5 = 9 km (18 min) and two stops served (4 min); straight it would be 6 min.
    expect(result.minutes).toBeCloseTo(((legs * 1.5) / 30) * 60 + 2 * 2, 6);
    expect(result.minutes).toBeGreaterThan(21);
    expect(result.servedStops).toBe(2);
    expect(arrivalViaStops(bus, [mine], model).minutes).toBeCloseTo(6, 1);
  });

  it("does not count the service of a stop the bus is standing at", () => {
    const mine = north(3);
    const atStop = north(0);
    const standing = { ...atStop, latitude: atStop.latitude + (AT_STOP_METERS - 20) / METERS_PER_DEGREE };
    const arriving = { ...atStop, latitude: atStop.latitude - (AT_STOP_METERS + 300) / METERS_PER_DEGREE };
    const served = arrivalViaStops(standing, [atStop, mine], model);
    expect(served.minutes).toBeCloseTo(
      travel(standing, atStop, model).minutes + travel(atStop, mine, model).minutes,
      9,
    );
    const before = arrivalViaStops(arriving, [atStop, mine], model);
    expect(before.minutes).toBeCloseTo(
      travel(arriving, atStop, model).minutes + 2 + travel(atStop, mine, model).minutes,
      9,
    );
  });

  it("is 0 with nothing ahead", () => {
    expect(arrivalViaStops(north(0), [], model)).toEqual({ km: 0, minutes: 0, servedStops: 0 });
  });
});
