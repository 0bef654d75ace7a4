import { SeededRandom } from "@treiber/contract/seeded-random";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingApp, type TestClock } from "../helpers/booking-factories.js";
import { cancelRides, dayPlanCity, proposeDay } from "../helpers/day-plan-factories.js";
import { type SignedIn, signedInAs } from "../helpers/test-app.js";

const clock: TestClock = { now: Date.parse("2030-12-01T12:00:00Z") };
let app: FastifyInstance;
let admin: SignedIn;

beforeAll(async () => {
  app = await bookingApp(clock);
  admin = await signedInAs(app, "Admin");
});
afterAll(async () => {
  await app?.close();
});

describe("the plan of the day saves buses", () => {
  it("with 40 % of a 60-rider shift cancelled (any 40 %), the day uses fewer vehicles than the standing plan, every rider seated within the maximum ride", async () => {
    // Five standing routes of 12 riders (4 stops of 3) in 14-seat minibuses, fanned over 4 km.
    const city = await dayPlanCity({ routes: 5, stops: 4, ridersPerStop: 3, seats: 14 });
    const ids = { shiftId: city.shift.id, destinationId: city.workplace.id };
    for (const [i, seed] of [11, 23, 37].entries()) {
      const date = `2030-12-${String(9 + i).padStart(2, "0")}`;
      const random = new SeededRandom(seed);
      const all = city.routes.flatMap((route) => route.riders.map((id) => ({ routeId: route.id, id })));
      const cancelled = all
        .map((rider) => ({ rider, key: random.next() }))
        .sort((a, b) => a.key - b.key)
        .slice(0, Math.round(all.length * 0.4))
        .map((entry) => entry.rider);
      for (const route of city.routes) {
        const mine = cancelled.filter((rider) => rider.routeId === route.id).map((rider) => rider.id);
        await cancelRides(route.id, mine, date);
      }
      const proposal = await proposeDay(app, admin, { ...ids, date });
      expect(proposal.riders).toBe(all.length - cancelled.length);
      expect(proposal.unassigned).toEqual([]);
      expect(proposal.day.totals.riders).toBe(proposal.riders);
      expect(proposal.day.totals.vehicles).toBeLessThan(proposal.standing.totals.vehicles);
      expect(proposal.day.totals.longestRideMinutes).toBeLessThanOrEqual(proposal.params.maxRideMinutes);
      expect(proposal.released.length).toBe(5 - proposal.day.totals.vehicles);
    }
  });
});
