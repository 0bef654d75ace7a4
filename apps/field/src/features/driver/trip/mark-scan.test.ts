import { afterEach, describe, expect, it } from "vitest";
import { markScan } from "./mark-scan";

describe("markScan", () => {
  afterEach(() => performance.clearMarks());

  it("sets the scan's User Timing mark, at a given start time when there is one", () => {
    markScan("treiber:scan-frame", 12.5);
    markScan("treiber:scan-decoded");
    expect(performance.getEntriesByName("treiber:scan-frame", "mark").map((mark) => mark.startTime)).toEqual([
      12.5,
    ]);
    expect(performance.getEntriesByName("treiber:scan-decoded", "mark")).toHaveLength(1);
  });

  it("keeps only the last scan's mark of each name", () => {
    markScan("treiber:scan-acked", 1);
    markScan("treiber:scan-acked", 2);
    expect(performance.getEntriesByName("treiber:scan-acked", "mark").map((mark) => mark.startTime)).toEqual([
      2,
    ]);
  });
});
