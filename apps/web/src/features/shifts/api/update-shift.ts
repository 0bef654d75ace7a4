import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ShiftSavedResponse, ShiftUpdateRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { SHIFTS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Shift (409 when a new direction or time breaks the stops of its routes). */
export async function updateShift(body: ShiftUpdateRequest): Promise<ShiftSavedResponse> {
  const { data } = await http.put<ShiftSavedResponse>(clientPath(API.shift.update), body);
  return data;
}

export function useUpdateShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShift,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHIFTS_KEY }),
  });
}
