import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CatalogNameItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../api/http-client";
import { SUPPLIERS_KEY } from "../api/query-keys";

/** GET /api/v1/Supplier/listName (active suppliers, for selects). */
export async function listSupplierNames(): Promise<CatalogNameItem[]> {
  const { data } = await http.get<CatalogNameItem[]>(clientPath(API.supplier.listName));
  return data;
}

export function supplierNamesQueryOptions() {
  return queryOptions({
    queryKey: [...SUPPLIERS_KEY, "names"],
    queryFn: listSupplierNames,
    staleTime: 60_000,
  });
}

export function useSupplierNames(enabled = true) {
  return useQuery({ ...supplierNamesQueryOptions(), enabled });
}
