import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ShiftCreateRequest, ShiftSavedResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { SHIFTS_KEY } from "../../../shared/api/query-keys";

/** POST /api/v1/Shift */
export async function createShift(body: ShiftCreateRequest): Promise<ShiftSavedResponse> {
  const { data } = await http.post<ShiftSavedResponse>(clientPath(API.shift.create), body);
  return data;
}

export function useCreateShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShift,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHIFTS_KEY }),
  });
}
