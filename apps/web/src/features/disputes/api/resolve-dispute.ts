import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DisputeResolveRequest, MessageResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { CUTS_KEY, DISPUTES_KEY } from "../../../shared/api/query-keys";

/**
 * PUT /api/v1/Dispute/resolve: an admin accepts (with the adjustment's amount) or rejects a dispute
 * with a note; 409 when another admin resolved it first.
 */
export async function resolveDispute(body: DisputeResolveRequest): Promise<MessageResponse> {
  const { data } = await http.put<MessageResponse>(clientPath(API.dispute.resolve), body);
  return data;
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  // Settled either way (a 409 means someone else settled it): reload the disputes and the cuts.
  return useMutation({
    mutationFn: resolveDispute,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DISPUTES_KEY }),
        queryClient.invalidateQueries({ queryKey: CUTS_KEY }),
      ]),
  });
}
