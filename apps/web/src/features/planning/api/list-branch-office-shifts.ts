import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ShiftListItem, ShiftListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { SHIFTS_KEY } from "../../../shared/api/query-keys";

/** Most shifts a branch office is expected to have: one page of the list. */
const SHIFTS_PER_BRANCH_OFFICE = 100;

/** GET /api/v1/Shift/list?branchOfficeId → the active shifts of one branch office, by time. */
export async function listBranchOfficeShifts(branchOfficeId: number): Promise<ShiftListItem[]> {
  const { data } = await http.get<ShiftListResponse>(clientPath(API.shift.list), {
    params: { branchOfficeId, amount: SHIFTS_PER_BRANCH_OFFICE, skip: 1 },
  });
  return data.list
    .filter((shift) => shift.status === "active")
    .sort((a, b) => a.time.localeCompare(b.time) || a.name.localeCompare(b.name, "es"));
}

export function branchOfficeShiftsQueryOptions(branchOfficeId: number) {
  return queryOptions({
    queryKey: [...SHIFTS_KEY, "branch-office", branchOfficeId],
    queryFn: () => listBranchOfficeShifts(branchOfficeId),
    staleTime: 30_000,
  });
}

export function useBranchOfficeShifts(branchOfficeId: number | null) {
  return useQuery({
    ...branchOfficeShiftsQueryOptions(branchOfficeId ?? 0),
    enabled: branchOfficeId !== null,
  });
}
