import { describe, expect, it } from "vitest";
import { isNewCritical, nextHighlighted } from "./critical-alert";
import { testIncident } from "./test-incident";

describe("isNewCritical (the sound and the highlight)", () => {
  it("rings for a critical incident that opens and the page has not seen", () => {
    expect(isNewCritical(testIncident({ id: 5 }), new Set([1, 2]))).toBe(true);
  });

  it("does not ring for a warning, a known one, or an acknowledgement or closing", () => {
    expect(isNewCritical(testIncident({ type: "LATE", severity: "warning" }), new Set())).toBe(false);
    expect(isNewCritical(testIncident({ id: 5 }), new Set([5]))).toBe(false);
    expect(isNewCritical(testIncident({ status: "ACKNOWLEDGED" }), new Set())).toBe(false);
    expect(isNewCritical(testIncident({ status: "CLOSED" }), new Set())).toBe(false);
  });
});

describe("nextHighlighted", () => {
  it("adds a new critical one and drops it once acknowledged or closed", () => {
    const item = testIncident({ id: 5 });
    const highlighted = nextHighlighted(new Set(), item, true);
    expect([...highlighted]).toEqual([5]);
    expect(nextHighlighted(highlighted, item, false)).toBe(highlighted);
    expect([...nextHighlighted(highlighted, { ...item, status: "ACKNOWLEDGED" }, false)]).toEqual([]);
    expect([...nextHighlighted(highlighted, { ...item, status: "CLOSED" }, false)]).toEqual([]);
  });
});
