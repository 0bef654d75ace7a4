import { useMutation } from "@tanstack/react-query";
import type { DayPlanProposal, DayPlanProposeRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/**
 * POST /api/v1/Planning/day/propose → the plan of one date for who rides it (issue 36), beside the
 * standing plan. The server answers when the search ends; aborting `signal` stops it.
 */
export async function proposeDayPlan(
  body: DayPlanProposeRequest,
  signal?: AbortSignal,
): Promise<DayPlanProposal> {
  const { data } = await http.post<DayPlanProposal>(clientPath(API.planning.dayPropose), body, { signal });
  return data;
}

export interface ProposeDayPlanVariables {
  body: DayPlanProposeRequest;
  signal: AbortSignal;
}

/** Nothing is written: no cache to refresh. */
export function useProposeDayPlan() {
  return useMutation({
    mutationFn: ({ body, signal }: ProposeDayPlanVariables) => proposeDayPlan(body, signal),
  });
}
