import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useBookingParams } from "./use-booking-params";

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ params: useBookingParams("2026-11-29"), location: useLocation() }), { wrapper });
}

describe("useBookingParams", () => {
  it("reads the date, shift and route from the URL; today when the date is missing or wrong", () => {
    expect(setup("/booking").result.current.params).toMatchObject({
      date: "2026-11-29",
      shiftId: undefined,
      routeId: undefined,
    });
    expect(setup("/booking?date=2026-02-30&shiftId=x&routeId=-1").result.current.params).toMatchObject({
      date: "2026-11-29",
      shiftId: undefined,
      routeId: undefined,
    });
    expect(setup("/booking?date=2026-11-30&shiftId=4&routeId=9").result.current.params).toMatchObject({
      date: "2026-11-30",
      shiftId: 4,
      routeId: 9,
    });
  });

  it("a new shift closes the open manifest; a new date keeps it", () => {
    const { result } = setup("/booking?date=2026-11-30&shiftId=4&routeId=9");
    act(() => result.current.params.setDate("2026-12-01"));
    expect(result.current.location.search).toBe("?date=2026-12-01&shiftId=4&routeId=9");
    act(() => result.current.params.setShift(5));
    expect(result.current.location.search).toBe("?date=2026-12-01&shiftId=5");
    act(() => result.current.params.openRoute(12));
    expect(result.current.params.routeId).toBe(12);
    act(() => result.current.params.setShift(undefined));
    expect(result.current.location.search).toBe("?date=2026-12-01");
  });
});
