import { act, renderHook } from "@testing-library/react";
import type { SharedTrip } from "@treiber/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SHARED_TRIP_REFRESH_MS } from "../lib/shared-trip-text";
import { useSharedTrip } from "./use-shared-trip";

const TRIP: SharedTrip = {
  routeName: "Ruta Los Mina",
  status: "InProgress",
  plate: "A123456",
  driverFirstName: "Pedro",
  position: { latitude: 18.48, longitude: -69.9, at: "2026-11-28T02:00:00.000Z" },
  path: [],
  riderStop: { name: "Parque Los Mina", latitude: 18.49, longitude: -69.86 },
  etaMinutes: 9,
  startedAt: "2026-11-28T01:40:00.000Z",
  finishedAt: null,
  expiresAt: "2026-11-28T13:40:00.000Z",
};

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );

let fetchMock: ReturnType<typeof vi.fn>;
/** Lets the pending fetch answer and React apply it, moving the fake clock by `ms`. */
const advance = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("useSharedTrip", () => {
  it("asks at once, then every 10 s after each answer, without a session and without cache", async () => {
    fetchMock.mockImplementation(() => json(200, TRIP));
    const { result } = renderHook(() => useSharedTrip("tok_en-1"));
    expect(result.current).toEqual({ kind: "loading" });
    await advance();
    expect(result.current).toEqual({ kind: "ready", trip: TRIP, stale: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/TripShare/tok_en-1");
    expect(init).toMatchObject({ cache: "no-store", credentials: "omit" });
    expect(new Headers(init.headers).has("Authorization")).toBe(false);

    fetchMock.mockImplementation(() => json(200, { ...TRIP, etaMinutes: 4 }));
    await advance(SHARED_TRIP_REFRESH_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.kind === "ready" && result.current.trip.etaMinutes).toBe(4);
  });

  it("keeps the last bus when a refresh fails (marked stale) and recovers at the next one", async () => {
    fetchMock.mockImplementationOnce(() => json(200, TRIP));
    const { result } = renderHook(() => useSharedTrip("abc"));
    await advance();
    fetchMock.mockImplementation(() => Promise.reject(new TypeError("Failed to fetch")));
    await advance(SHARED_TRIP_REFRESH_MS);
    expect(result.current).toEqual({ kind: "ready", trip: TRIP, stale: true });
    fetchMock.mockImplementation(() => json(500, { statusCode: 500, message: "Error" }));
    await advance(SHARED_TRIP_REFRESH_MS);
    expect(result.current).toEqual({ kind: "ready", trip: TRIP, stale: true });
    fetchMock.mockImplementation(() => json(200, TRIP));
    await advance(SHARED_TRIP_REFRESH_MS);
    expect(result.current).toEqual({ kind: "ready", trip: TRIP, stale: false });
  });

  it("says «failed» when the first request fails, and keeps asking", async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError("Failed to fetch")));
    const { result } = renderHook(() => useSharedTrip("abc"));
    await advance();
    expect(result.current).toEqual({ kind: "failed" });
    fetchMock.mockImplementation(() => json(200, TRIP));
    await advance(SHARED_TRIP_REFRESH_MS);
    expect(result.current.kind).toBe("ready");
  });

  it("stops asking once the link is gone (404, or 400 for a token the route refuses)", async () => {
    for (const status of [404, 400]) {
      fetchMock.mockReset();
      fetchMock.mockImplementationOnce(() => json(200, TRIP));
      fetchMock.mockImplementation(() =>
        json(status, { statusCode: status, message: "Enlace no disponible" }),
      );
      const { result, unmount } = renderHook(() => useSharedTrip("abc"));
      await advance();
      expect(result.current.kind).toBe("ready");
      await advance(SHARED_TRIP_REFRESH_MS);
      expect(result.current).toEqual({ kind: "gone" });
      await advance(SHARED_TRIP_REFRESH_MS * 5);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      unmount();
    }
  });

  it("asks again as soon as the tab shows, once, and stops when the page closes", async () => {
    fetchMock.mockImplementation(() => json(200, TRIP));
    const { unmount } = renderHook(() => useSharedTrip("abc"));
    await advance();
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    document.dispatchEvent(new Event("visibilitychange"));
    await advance();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The timer restarted from that answer: nothing more until 10 s after it.
    await advance(SHARED_TRIP_REFRESH_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    unmount();
    await advance(SHARED_TRIP_REFRESH_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
