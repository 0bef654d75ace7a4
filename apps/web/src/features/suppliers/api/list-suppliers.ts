import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { SupplierListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { SUPPLIERS_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** GET /api/v1/Supplier/list (paging, search). */
export async function listSuppliers(request: ListRequest): Promise<SupplierListResponse> {
  const { data } = await http.get<SupplierListResponse>(clientPath(API.supplier.list), { params: request });
  return data;
}

export function suppliersQueryOptions(request: ListRequest) {
  return queryOptions({
    queryKey: [...SUPPLIERS_KEY, "list", request],
    queryFn: () => listSuppliers(request),
    placeholderData: keepPreviousData,
  });
}

export function useSuppliers(request: ListRequest) {
  return useQuery(suppliersQueryOptions(request));
}
