import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { StatusChange } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { BRANCH_OFFICES_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/BranchOffice/status */
export async function setBranchOfficeStatus(body: StatusChange): Promise<void> {
  await http.put(clientPath(API.branchOffice.status), body);
}

export function useSetBranchOfficeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBranchOfficeStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BRANCH_OFFICES_KEY }),
  });
}
