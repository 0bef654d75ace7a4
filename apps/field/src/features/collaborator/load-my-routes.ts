import type { MyRoute, MyRoutesResponse } from "@treiber/contract";
import { http } from "../../shared/http";

/** `GET Employee/myRoutes`: the signed-in collaborator's routes. */
export async function loadMyRoutes(): Promise<MyRoute[]> {
  const { data } = await http.get<MyRoutesResponse>("/Employee/myRoutes");
  return data.response;
}
