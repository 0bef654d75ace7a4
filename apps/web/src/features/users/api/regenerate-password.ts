import { useMutation } from "@tanstack/react-query";
import type { RegeneratePasswordRequest, RegeneratePasswordResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/** PUT /api/v1/Auth/RegeneratePassword — the temporary password is shown only once. */
export async function regeneratePassword(
  body: RegeneratePasswordRequest,
): Promise<RegeneratePasswordResponse> {
  const { data } = await http.put<RegeneratePasswordResponse>(clientPath(API.auth.regeneratePassword), body);
  return data;
}

export function useRegeneratePassword() {
  return useMutation({ mutationFn: regeneratePassword });
}
