import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SupplierCreate } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";
import { SUPPLIERS_KEY } from "./supplier-keys";

/** POST /api/v1/Supplier */
export async function createSupplier(body: SupplierCreate): Promise<{ id: number }> {
  const { data } = await http.post<{ id: number }>("/Supplier", body);
  return data;
}

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY }),
  });
}
