import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ApiKeyCreateRequest,
  ApiKeyCreateResponse,
  ApiKeyListResponse,
  MessageResponse,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/** TanStack Query key of «Claves de API» (issue 39). */
export const API_KEYS_KEY = ["api-keys"] as const;

/** GET /api/v1/ApiKey/list: every key, newest first, revoked ones too (SuperAdmin). */
export async function listApiKeys(): Promise<ApiKeyListResponse> {
  const { data } = await http.get<ApiKeyListResponse>(clientPath(API.apiKey.list));
  return data;
}

export function useApiKeys() {
  return useQuery({ queryKey: API_KEYS_KEY, queryFn: listApiKeys });
}

/** POST /api/v1/ApiKey: the new key's id and the key itself, shown once. */
export async function createApiKey(body: ApiKeyCreateRequest): Promise<ApiKeyCreateResponse> {
  const { data } = await http.post<ApiKeyCreateResponse>(clientPath(API.apiKey.create), body);
  return data;
}

/** DELETE /api/v1/ApiKey/{id}: revoked at once; the key stays in the list as revoked. */
export async function revokeApiKey(id: number): Promise<MessageResponse> {
  const { data } = await http.delete<MessageResponse>(clientPath(API.apiKey.revoke, { id }));
  return data;
}

/** A mutation that reloads the list once settled. */
function useApiKeyMutation<A, R>(mutationFn: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export const useCreateApiKey = () => useApiKeyMutation(createApiKey);
export const useRevokeApiKey = () => useApiKeyMutation(revokeApiKey);
