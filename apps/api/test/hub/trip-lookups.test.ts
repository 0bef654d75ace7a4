import { describe, expect, it } from "vitest";
import { createTripPositionsService } from "../../src/modules/trip-positions/trip-positions-service.js";
import { createMemoryBus } from "../../src/realtime/realtime-bus.js";
import { testDatabase } from "../helpers/test-app.js";
import { createTrip } from "./hub-test-kit.js";

describe("positions: trips looked up together", () => {
  it("gives each of the positions arriving in one turn its own outcome from one lookup", async () => {
    const { db } = await testDatabase();
    const statements: string[] = [];
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "select") statements.push("select");
        return Reflect.get(target, property, receiver);
      },
    });
    const realtime = createMemoryBus();
    const published: number[] = [];
    realtime.subscribe((event) =>
      published.push((event.args[0] as { intermediateRouteId: number }).intermediateRouteId),
    );
    const positions = createTripPositionsService({ db: counting, realtime, flushMs: 5 });
    const mine = await Promise.all([createTrip(), createTrip(), createTrip()]);
    const finished = await createTrip({ status: "Finished" });
    const [a, b, c] = mine;
    if (!a || !b || !c) throw new Error("no trips");
    const driver = (trip: typeof a) => ({ id: trip.driver.user.id, role: "Driver" as const });
    const at = (trip: typeof a) => ({ intermediateRouteId: trip.trip.id, latitude: 18.4, longitude: -69.9 });

    const outcomes = await Promise.allSettled([
      positions.record(driver(a), at(a)),
      positions.record(driver(b), at(b)),
      positions.record(driver(c), at(a)), // another driver's trip
      positions.record(driver(finished), at(finished)),
      positions.record(driver(c), { ...at(c), intermediateRouteId: 2_000_000_000 }),
    ]);
    await positions.close();

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "rejected",
    ]);
    const reasons = outcomes.map((outcome) =>
      outcome.status === "rejected" ? (outcome.reason as Error).message : "",
    );
    expect(reasons.slice(2)).toEqual([
      "La ruta no pertenece a este chofer",
      "La ruta no está en curso",
      "Ruta no encontrada",
    ]);
    // Five positions, four trips, one query.
    expect(statements).toEqual(["select"]);
    expect(published.sort()).toEqual([a.trip.id, b.trip.id].sort());
  });
});
