import { describe, expect, it } from "vitest";
import { dayjs } from "../../../../shared/format";
import { cutUntilOf, formatCutPeriod, proposeNextCut } from "./cut-period";

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe("cut periods in local time", () => {
  it("shows whole days with the last included day, else with times", () => {
    expect(formatCutPeriod(local(2026, 9, 14).toISOString(), local(2026, 9, 21).toISOString())).toBe(
      "14/09/2026 – 20/09/2026",
    );
    expect(formatCutPeriod(local(2026, 9, 14).toISOString(), local(2026, 9, 20, 15, 42).toISOString())).toBe(
      "14/09/2026 00:00 – 20/09/2026 15:42",
    );
  });

  it("proposes from the end of the last cut through yesterday", () => {
    const now = local(2026, 11, 23, 10, 5);
    const { since, lastDay } = proposeNextCut(local(2026, 11, 16).toISOString(), now);
    expect(since.toDate()).toEqual(local(2026, 11, 16));
    expect(lastDay?.toDate()).toEqual(local(2026, 11, 22));
    expect(lastDay && cutUntilOf(lastDay, now).toDate()).toEqual(local(2026, 11, 23));
  });

  it("proposes a week through yesterday before the first cut", () => {
    const { since, lastDay } = proposeNextCut(null, local(2026, 11, 23, 10, 5));
    expect(since.toDate()).toEqual(local(2026, 11, 16));
    expect(lastDay?.toDate()).toEqual(local(2026, 11, 22));
  });

  it("proposes nothing when the last cut already reaches today", () => {
    const now = local(2026, 11, 23, 10, 5);
    expect(proposeNextCut(local(2026, 11, 23).toISOString(), now).lastDay).toBeNull();
  });

  it("never ends a cut after the start of today", () => {
    const now = local(2026, 11, 23, 10, 5);
    expect(cutUntilOf(dayjs(local(2026, 11, 23)), now).toDate()).toEqual(local(2026, 11, 23));
    expect(cutUntilOf(dayjs(local(2026, 11, 20)), now).toDate()).toEqual(local(2026, 11, 21));
  });
});
