import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";
import type { RecordStatus } from "../../../shared/components/data-table";
import { SUPPLIERS_KEY } from "./supplier-keys";

/** PUT /api/v1/Supplier/status */
export async function setSupplierStatus(body: { id: number; status: RecordStatus }): Promise<void> {
  await http.put("/Supplier/status", body);
}

export function useSetSupplierStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSupplierStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY }),
  });
}
