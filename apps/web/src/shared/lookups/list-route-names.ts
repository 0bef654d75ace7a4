import type { RouteNameItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../api/http-client";

/**
 * GET /api/v1/Route/listName → the active routes, first 'Todas las rutas' (id 0). Each caller
 * (route filters, route assignments) caches it under its own key.
 */
export async function listRouteNames(): Promise<RouteNameItem[]> {
  const { data } = await http.get<RouteNameItem[]>(clientPath(API.route.listName));
  return data;
}
