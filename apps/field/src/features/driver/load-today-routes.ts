import type { TodayRoute, TodayRoutesResponse } from "@treiber/contract";
import { http } from "../../shared/http";
import { sortTodayRoutes } from "./today-route";

/** `GET IntermediateRoute/today`: the driver's routes for today, by departure time. */
export async function loadTodayRoutes(): Promise<TodayRoute[]> {
  const { data } = await http.get<TodayRoutesResponse>("/IntermediateRoute/today");
  return sortTodayRoutes(data.response);
}
