import type { TodayRoute, TodayRoutesResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../shared/http";
import { sortTodayRoutes } from "./today-route";

/** `GET IntermediateRoute/today`: the driver's routes for today, by departure time. */
export async function loadTodayRoutes(): Promise<TodayRoute[]> {
  const { data } = await http.get<TodayRoutesResponse>(clientPath(API.intermediateRoute.today));
  return sortTodayRoutes(data.response);
}

/** `GET IntermediateRoute/today?date=`: the driver's routes of a later service date («Mañana»). */
export async function loadRoutesOn(date: string): Promise<TodayRoute[]> {
  const { data } = await http.get<TodayRoutesResponse>(clientPath(API.intermediateRoute.today), {
    params: { date },
  });
  return sortTodayRoutes(data.response);
}
