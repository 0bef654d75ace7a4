import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { useNotificationFilters } from "./use-notification-filters";

// A router at `url` for renderHook; each test renders once, so a wrapper per call is fine.
const at = (url: string) =>
  // biome-ignore lint/correctness/noComponentHookFactories: test-only wrapper factory.
  function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  };

const today = new Date(2026, 10, 23, 15, 30);

describe("useNotificationFilters", () => {
  it("asks for page 1 of 10 over the last 6 days through today by default", () => {
    const { result } = renderHook(() => useNotificationFilters(today), { wrapper: at("/Notifications") });
    expect(result.current.request).toEqual({
      amount: 10,
      skip: 1,
      sinceDate: "11/17/2026",
      untilDate: "11/23/2026",
    });
  });

  it("reads page, tag and dates from the URL and ignores unknown tags", () => {
    const { result } = renderHook(() => useNotificationFilters(today), {
      wrapper: at("/Notifications?page=3&tag=CANCELED&sinceDate=11/01/2026&untilDate=11/05/2026"),
    });
    expect(result.current.request).toEqual({
      amount: 10,
      skip: 3,
      tag: "CANCELED",
      sinceDate: "11/01/2026",
      untilDate: "11/05/2026",
    });
    const other = renderHook(() => useNotificationFilters(today), {
      wrapper: at("/Notifications?tag=OTHER"),
    });
    expect(other.result.current.request.tag).toBeUndefined();
  });

  it("a new tag goes back to the first page", () => {
    const { result } = renderHook(() => useNotificationFilters(today), {
      wrapper: at("/Notifications?page=4"),
    });
    act(() => result.current.setTag("COMMENT"));
    expect(result.current.request.skip).toBe(1);
    expect(result.current.request.tag).toBe("COMMENT");
  });
});
