import type { MyRoute, MyRoutesResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../shared/http";

/** `GET Employee/myRoutes`: the signed-in collaborator's routes. */
export async function loadMyRoutes(): Promise<MyRoute[]> {
  const { data } = await http.get<MyRoutesResponse>(clientPath(API.employee.myRoutes));
  return data.response;
}
