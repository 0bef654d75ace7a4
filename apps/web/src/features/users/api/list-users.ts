import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { UserListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { USERS_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** GET /api/v1/User/list (paging, search, creation dates, sorting). */
export async function listUsers(request: ListRequest): Promise<UserListResponse> {
  const { data } = await http.get<UserListResponse>(clientPath(API.user.list), { params: request });
  return data;
}

export function usersQueryOptions(request: ListRequest) {
  return queryOptions({
    queryKey: [...USERS_KEY, "list", request],
    queryFn: () => listUsers(request),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(request: ListRequest) {
  return useQuery(usersQueryOptions(request));
}
