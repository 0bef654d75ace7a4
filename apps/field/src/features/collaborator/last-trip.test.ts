import { createMemoryStorage } from "@treiber/client";
import { describe, expect, it } from "vitest";
import { clearLastTrip, readLastTrip, writeLastTrip } from "./last-trip";

describe("last followed trip", () => {
  it("is kept per user and forgotten on clear", () => {
    const storage = createMemoryStorage();
    writeLastTrip({ userId: 3, tripId: 9, routeName: "Ruta Norte" }, () => storage);
    expect(readLastTrip(3, () => storage)).toEqual({ userId: 3, tripId: 9, routeName: "Ruta Norte" });
    expect(readLastTrip(4, () => storage)).toBeNull();
    clearLastTrip(() => storage);
    expect(readLastTrip(3, () => storage)).toBeNull();
  });
});
