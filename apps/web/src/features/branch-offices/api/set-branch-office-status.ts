import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";
import type { RecordStatus } from "../../../shared/components/data-table";
import { BRANCH_OFFICES_KEY } from "./branch-office-keys";

/** PUT /api/v1/BranchOffice/status */
export async function setBranchOfficeStatus(body: { id: number; status: RecordStatus }): Promise<void> {
  await http.put("/BranchOffice/status", body);
}

export function useSetBranchOfficeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBranchOfficeStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BRANCH_OFFICES_KEY }),
  });
}
