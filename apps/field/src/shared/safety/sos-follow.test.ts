import { SOS_POSITION_INTERVAL_SECONDS } from "@treiber/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signInTestUser } from "../test-session";
import type { Fix } from "./safety-api";
import { followSos, resumeSosFollow, setSosFollowDeps, stopSosFollow } from "./sos-follow";

const sent: { fix: Fix; recordedAt: string }[] = [];
let onFix: (fix: Fix) => void = () => undefined;
const INTERVAL = SOS_POSITION_INTERVAL_SECONDS * 1000;

beforeEach(() => {
  vi.useFakeTimers();
  signInTestUser(41);
  sent.length = 0;
  setSosFollowDeps({
    watch: (listener) => {
      onFix = listener;
      return () => undefined;
    },
    send: (fix, recordedAt) => sent.push({ fix, recordedAt }),
  });
});

afterEach(() => {
  stopSosFollow();
  setSosFollowDeps(null);
  localStorage.clear();
  vi.useRealTimers();
});

describe("positions after an SOS", () => {
  it("sends the latest position every 10 s until the follow ends, then stops", () => {
    followSos(Date.now() + 3 * INTERVAL + 1, { latitude: 18.5, longitude: -69.9 });
    vi.advanceTimersByTime(INTERVAL);
    onFix({ latitude: 18.51, longitude: -69.91, accuracy: 8 });
    vi.advanceTimersByTime(INTERVAL);
    vi.advanceTimersByTime(INTERVAL);
    vi.advanceTimersByTime(5 * INTERVAL);
    expect(sent.map((item) => item.fix.latitude)).toEqual([18.5, 18.51, 18.51]);
    expect(localStorage.getItem("treiber-sos-follow:41")).toBeNull();
  });

  it("a reload resumes it (kept on the phone); so does the server's followUntil", () => {
    followSos(Date.now() + 60 * INTERVAL);
    // The app reopened: nothing running in memory, the end kept on the phone.
    const kept = localStorage.getItem("treiber-sos-follow:41");
    expect(kept).not.toBeNull();
    stopSosFollow();
    localStorage.setItem("treiber-sos-follow:41", String(kept));
    resumeSosFollow(null);
    onFix({ latitude: 18.4, longitude: -69.8 });
    vi.advanceTimersByTime(INTERVAL);
    expect(sent).toHaveLength(1);
    stopSosFollow();
    resumeSosFollow(new Date(Date.now() + 5 * INTERVAL).toISOString());
    onFix({ latitude: 18.4, longitude: -69.8 });
    vi.advanceTimersByTime(INTERVAL);
    expect(sent).toHaveLength(2);
  });
});
