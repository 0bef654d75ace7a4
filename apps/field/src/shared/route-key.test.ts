import { describe, expect, it } from "vitest";
import { routeKey } from "./route-key";

describe("routeKey", () => {
  it("keys scheduled and not-scheduled routes apart", () => {
    expect(routeKey({ routeId: 4, routeNotScheduledId: null })).toBe("r4");
    expect(routeKey({ routeId: null, routeNotScheduledId: 4 })).toBe("n4");
  });
});
