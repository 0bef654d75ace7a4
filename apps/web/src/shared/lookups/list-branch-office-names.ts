import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CatalogNameItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../api/http-client";
import { BRANCH_OFFICES_KEY } from "../api/query-keys";

/** GET /api/v1/BranchOffice/listName (active branch offices, for selects). */
export async function listBranchOfficeNames(): Promise<CatalogNameItem[]> {
  const { data } = await http.get<CatalogNameItem[]>(clientPath(API.branchOffice.listName));
  return data;
}

export function branchOfficeNamesQueryOptions() {
  return queryOptions({
    queryKey: [...BRANCH_OFFICES_KEY, "names"],
    queryFn: listBranchOfficeNames,
    staleTime: 60_000,
  });
}

export function useBranchOfficeNames(enabled = true) {
  return useQuery({ ...branchOfficeNamesQueryOptions(), enabled });
}
