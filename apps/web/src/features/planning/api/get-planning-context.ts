import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlanningContext, PlanningContextQuery } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { PLANNING_KEY } from "../../../shared/api/query-keys";

/**
 * GET /api/v1/Planning/context?shiftId&destinationId → the shift, its workplaces, the riders and
 * drivers, the calibration, the travel model and the current routes with their figures.
 */
export async function getPlanningContext(query: PlanningContextQuery): Promise<PlanningContext> {
  const { data } = await http.get<PlanningContext>(clientPath(API.planning.context), { params: query });
  return data;
}

export function planningContextQueryOptions(query: PlanningContextQuery) {
  return queryOptions({
    queryKey: [...PLANNING_KEY, "context", query.shiftId, query.destinationId ?? null],
    queryFn: () => getPlanningContext(query),
  });
}

/** The context of a shift (and workplace: absent, the server's default); idle without a shift. */
export function usePlanningContext(shiftId: number | null, destinationId: number | null) {
  const query: PlanningContextQuery = { shiftId: shiftId ?? 0, ...(destinationId ? { destinationId } : {}) };
  return useQuery({ ...planningContextQueryOptions(query), enabled: shiftId !== null });
}
