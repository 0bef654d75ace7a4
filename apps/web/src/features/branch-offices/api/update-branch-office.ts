import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BranchOfficeUpdate, CatalogIdResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { BRANCH_OFFICES_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/BranchOffice */
export async function updateBranchOffice(body: BranchOfficeUpdate): Promise<CatalogIdResponse> {
  const { data } = await http.put<CatalogIdResponse>(clientPath(API.branchOffice.update), body);
  return data;
}

export function useUpdateBranchOffice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranchOffice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BRANCH_OFFICES_KEY }),
  });
}
