import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BranchOfficeCreate, CatalogIdResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { BRANCH_OFFICES_KEY } from "../../../shared/api/query-keys";

/** POST /api/v1/BranchOffice */
export async function createBranchOffice(body: BranchOfficeCreate): Promise<CatalogIdResponse> {
  const { data } = await http.post<CatalogIdResponse>(clientPath(API.branchOffice.create), body);
  return data;
}

export function useCreateBranchOffice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBranchOffice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BRANCH_OFFICES_KEY }),
  });
}
