import { describe, expect, it } from "vitest";
import { driverCriterion } from "./list-drivers";

describe("driverCriterion", () => {
  it("strips hyphens before sending (spec §5)", () => {
    expect(driverCriterion("001-1234567-8")).toBe("00112345678");
  });

  it("sends nothing for an empty search", () => {
    expect(driverCriterion(undefined)).toBeUndefined();
    expect(driverCriterion(" - ")).toBeUndefined();
  });

  it("keeps names as they are", () => {
    expect(driverCriterion("Juan")).toBe("Juan");
  });
});
