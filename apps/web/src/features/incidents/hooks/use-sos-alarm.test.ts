import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const { playSosAlarm } = vi.hoisted(() => ({ playSosAlarm: vi.fn() }));
vi.mock("../lib/alert-sound", () => ({ playSosAlarm, SOS_ALARM_INTERVAL_MS: 3_000 }));

import { testIncident } from "../lib/test-incident";
import { pendingSos, useRepeatingAlarm } from "./use-sos-alarm";

beforeEach(() => {
  playSosAlarm.mockReset();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("the SOS alarm (issue 38)", () => {
  it("rings at once and again every interval until the SOS is taken", () => {
    const { rerender, unmount } = renderHook(({ ringing }) => useRepeatingAlarm(ringing), {
      initialProps: { ringing: false },
    });
    vi.advanceTimersByTime(10_000);
    expect(playSosAlarm).not.toHaveBeenCalled();

    rerender({ ringing: true });
    expect(playSosAlarm).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_000);
    expect(playSosAlarm).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(9_000);
    expect(playSosAlarm).toHaveBeenCalledTimes(5);

    // Someone took it («Atender»): silence from then on.
    rerender({ ringing: false });
    vi.advanceTimersByTime(30_000);
    expect(playSosAlarm).toHaveBeenCalledTimes(5);
    unmount();
  });

  it("waits only on the SOS still open (not acknowledged, not closed), oldest first", () => {
    const list = [
      testIncident({ id: 1, type: "SOS", openedAt: "2026-11-27T12:05:00.000Z" }),
      testIncident({ id: 2, type: "SOS", status: "ACKNOWLEDGED" }),
      testIncident({ id: 3, type: "SOS", status: "CLOSED" }),
      testIncident({ id: 4, type: "OFF_ROUTE" }),
      testIncident({ id: 5, type: "SOS", openedAt: "2026-11-27T12:01:00.000Z" }),
    ];
    expect(pendingSos(list).map((item) => item.id)).toEqual([5, 1]);
    expect(pendingSos(undefined)).toEqual([]);
  });
});
