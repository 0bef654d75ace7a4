import { useMutation } from "@tanstack/react-query";
import type { PlanningProposal, PlanningProposeRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/**
 * POST /api/v1/Planning/propose → the planner's routes for the chosen riders and drivers. The
 * server answers when the search ends; aborting `signal` closes the request, which stops it.
 */
export async function proposePlan(
  body: PlanningProposeRequest,
  signal?: AbortSignal,
): Promise<PlanningProposal> {
  const { data } = await http.post<PlanningProposal>(clientPath(API.planning.propose), body, { signal });
  return data;
}

export interface ProposePlanVariables {
  body: PlanningProposeRequest;
  signal: AbortSignal;
}

/** Nothing is written: no cache to refresh. */
export function useProposePlan() {
  return useMutation({ mutationFn: ({ body, signal }: ProposePlanVariables) => proposePlan(body, signal) });
}
