import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ShiftListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { SHIFTS_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** The shift list's request: paging, search on the name and, optionally, one branch office. */
export type ShiftListRequest = Pick<ListRequest, "amount" | "skip" | "criterion"> & {
  branchOfficeId?: number;
};

/** GET /api/v1/Shift/list (amount, skip 1-based, criterion, branchOfficeId). */
export async function listShifts(request: ShiftListRequest): Promise<ShiftListResponse> {
  const { data } = await http.get<ShiftListResponse>(clientPath(API.shift.list), { params: request });
  return data;
}

export function shiftsQueryOptions(request: ShiftListRequest) {
  return queryOptions({
    queryKey: [...SHIFTS_KEY, "list", request],
    queryFn: () => listShifts(request),
    placeholderData: keepPreviousData,
  });
}

export function useShifts(request: ShiftListRequest) {
  return useQuery(shiftsQueryOptions(request));
}
