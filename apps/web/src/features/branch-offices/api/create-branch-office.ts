import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BranchOfficeCreate } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";
import { BRANCH_OFFICES_KEY } from "./branch-office-keys";

/** POST /api/v1/BranchOffice */
export async function createBranchOffice(body: BranchOfficeCreate): Promise<{ id: number }> {
  const { data } = await http.post<{ id: number }>("/BranchOffice", body);
  return data;
}

export function useCreateBranchOffice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBranchOffice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BRANCH_OFFICES_KEY }),
  });
}
