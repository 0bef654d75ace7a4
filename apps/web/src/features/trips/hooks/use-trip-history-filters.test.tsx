import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { useTripHistoryFilters } from "./use-trip-history-filters";

// A router at `url` for renderHook; each test renders once, so a wrapper per call is fine.
const at = (url: string) =>
  // biome-ignore lint/correctness/noComponentHookFactories: test-only wrapper factory.
  function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  };

const today = new Date(2026, 10, 23, 9, 0);

describe("useTripHistoryFilters", () => {
  it("asks for every driver and route, 5 per page, over the last 20 days by default", () => {
    const { result } = renderHook(() => useTripHistoryFilters(today), { wrapper: at("/historyRoutes") });
    expect(result.current.request).toEqual({
      driverId: 0,
      routeId: 0,
      sinceDate: "11/03/2026",
      untilDate: "11/23/2026",
      skip: 1,
      amount: 5,
    });
    expect(result.current.filters.trip).toBeNull();
  });

  it("reads the filters and the open trip from the URL", () => {
    const { result } = renderHook(() => useTripHistoryFilters(today), {
      wrapper: at(
        "/historyRoutes?driverId=4&routeId=2&page=2&trip=31&sinceDate=10/01/2026&untilDate=10/31/2026",
      ),
    });
    expect(result.current.request).toMatchObject({
      driverId: 4,
      routeId: 2,
      skip: 2,
      sinceDate: "10/01/2026",
      untilDate: "10/31/2026",
    });
    expect(result.current.filters.trip).toBe(31);
  });

  it("changing the driver goes back to the first page; 'Todas' (0) clears it", () => {
    const { result } = renderHook(() => useTripHistoryFilters(today), {
      wrapper: at("/historyRoutes?driverId=4&page=3"),
    });
    act(() => result.current.setDriver(7));
    expect(result.current.request).toMatchObject({ driverId: 7, skip: 1 });
    act(() => result.current.setDriver(0));
    expect(result.current.request.driverId).toBe(0);
  });
});
