import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DayPlanQuery, DayPlanResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { PLANNING_KEY } from "../../../shared/api/query-keys";

/** Every day plan query starts with this key: applying or going back reloads them. */
export const DAY_PLAN_KEY = [...PLANNING_KEY, "day"] as const;

/** GET /api/v1/Planning/day?shiftId&destinationId&date → the day plan applied for that date, or null. */
export async function getDayPlan(query: DayPlanQuery): Promise<DayPlanResponse> {
  const { data } = await http.get<DayPlanResponse>(clientPath(API.planning.day), { params: query });
  return data;
}

export function dayPlanQueryOptions(query: DayPlanQuery) {
  return queryOptions({
    queryKey: [...DAY_PLAN_KEY, query.shiftId, query.destinationId, query.date],
    queryFn: () => getDayPlan(query),
  });
}

/** The day plan applied for a shift, workplace and date (null inside: the standing plan runs). */
export function useDayPlan(query: DayPlanQuery) {
  return useQuery(dayPlanQueryOptions(query));
}
