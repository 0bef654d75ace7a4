import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { useUrlParamsUpdate } from "../../../shared/components/data-table";
import { isServiceDate, toServiceDate } from "../../../shared/format";

/** A positive id from the URL, or undefined. */
const idOf = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * «Reservas»' choice, all in the URL: the service `date` (`YYYY-MM-DD`, today by default), the
 * `shiftId` (every shift when absent) and the `routeId` whose manifest is open. A new shift closes
 * the manifest; opening one pushes a history entry, so Back closes it.
 */
export function useBookingParams(today: string = toServiceDate(new Date())) {
  const [searchParams] = useSearchParams();
  const replace = useUrlParamsUpdate();
  const push = useUrlParamsUpdate({ replace: false });
  const rawDate = searchParams.get("date");
  const date = rawDate && isServiceDate(rawDate) ? rawDate : today;
  const shiftId = idOf(searchParams.get("shiftId"));
  const routeId = idOf(searchParams.get("routeId"));

  return useMemo(
    () => ({
      date,
      shiftId,
      routeId,
      today,
      setDate: (next: string) => replace({ date: next }),
      setShift: (next: number | undefined) => replace({ shiftId: next, routeId: undefined }),
      openRoute: (next: number | undefined) => push({ routeId: next }),
    }),
    [date, shiftId, routeId, today, replace, push],
  );
}

export type BookingParams = ReturnType<typeof useBookingParams>;
