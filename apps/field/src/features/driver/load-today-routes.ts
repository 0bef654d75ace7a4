import { getErrorStatus } from "@treiber/client";
import type { StartableRoutesResponse } from "@treiber/contract";
import { http } from "../../shared/http";
import { fromStartableRoute, sortTodayRoutes, type TodayRoute } from "./today-route";

/**
 * The driver's routes for today: `GET IntermediateRoute/today` where the server has it, otherwise
 * the routes it may start (`GET IntermediateRoute/driverRoutes`), all pending.
 */
export async function loadTodayRoutes(): Promise<TodayRoute[]> {
  try {
    const { data } = await http.get<{ response: TodayRoute[] }>("/IntermediateRoute/today");
    return sortTodayRoutes(data.response);
  } catch (error) {
    if (getErrorStatus(error) !== 404) throw error;
  }
  const { data } = await http.get<StartableRoutesResponse>("/IntermediateRoute/driverRoutes");
  return sortTodayRoutes(data.response.map(fromStartableRoute));
}
