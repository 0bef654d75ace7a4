import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ShiftListItem, ShiftListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../api/http-client";
import { ACTIVE_SHIFTS_KEY } from "../api/query-keys";

/** The largest page `GET Shift/list` gives. */
const PAGE = 100;

/**
 * Every active shift (turno), in the list's order (branch office, time, name): the pages of
 * `GET /api/v1/Shift/list` read until the total, inactive ones left out. For the routes' shift select.
 */
export async function listActiveShifts(): Promise<ShiftListItem[]> {
  const shifts: ShiftListItem[] = [];
  for (let skip = 1; ; skip += 1) {
    const { data } = await http.get<ShiftListResponse>(clientPath(API.shift.list), {
      params: { amount: PAGE, skip },
    });
    shifts.push(...data.list);
    if (data.list.length < PAGE || skip * PAGE >= data.amount) break;
  }
  return shifts.filter((shift) => shift.status === "active");
}

export function activeShiftsQueryOptions() {
  return queryOptions({ queryKey: ACTIVE_SHIFTS_KEY, queryFn: listActiveShifts, staleTime: 60_000 });
}

export function useActiveShifts(enabled = true) {
  return useQuery({ ...activeShiftsQueryOptions(), enabled });
}
