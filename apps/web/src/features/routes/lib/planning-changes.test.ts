import { describe, expect, it } from "vitest";
import { planningChanges } from "./planning-changes";

describe("planningChanges", () => {
  it("sends nothing when the shift and the seats are as loaded (absent keeps them)", () => {
    expect(planningChanges({ shiftId: 3, seats: 12 }, { shiftId: 3, seats: 12 })).toEqual({});
    expect(planningChanges({ shiftId: undefined, seats: undefined }, { shiftId: null, seats: null })).toEqual(
      {},
    );
  });

  it("sends a new shift or new seats, and null for a cleared one", () => {
    expect(planningChanges({ shiftId: 4, seats: 12 }, { shiftId: 3, seats: 12 })).toEqual({ shiftId: 4 });
    expect(planningChanges({ shiftId: 3, seats: 20 }, { shiftId: 3, seats: 12 })).toEqual({ seats: 20 });
    expect(planningChanges({ shiftId: null, seats: null }, { shiftId: 3, seats: 12 })).toEqual({
      shiftId: null,
      seats: null,
    });
  });

  it("a new route sends them only when given", () => {
    expect(planningChanges({}, undefined)).toEqual({});
    expect(planningChanges({ shiftId: null, seats: null }, undefined)).toEqual({});
    expect(planningChanges({ shiftId: 2, seats: 15 }, undefined)).toEqual({ shiftId: 2, seats: 15 });
  });
});
