import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DisputeCreateRequest, DisputeCreateResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { CUTS_KEY, DISPUTES_KEY } from "../../../shared/api/query-keys";

/** POST /api/v1/Dispute: a supplier user disputes one trip of a cut (409 if one is already open). */
export async function createDispute(body: DisputeCreateRequest): Promise<DisputeCreateResponse> {
  const { data } = await http.post<DisputeCreateResponse>(clientPath(API.dispute.create), body);
  return data;
}

export function useCreateDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDispute,
    // The cut's record counts its open disputes.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DISPUTES_KEY }),
        queryClient.invalidateQueries({ queryKey: CUTS_KEY }),
      ]),
  });
}
