import { getErrorStatus } from "@treiber/client";
import { http } from "../../shared/http";
import type { MyRoute } from "./my-route";

/** `GET Employee/myRoutes`; null while the server does not offer it yet (404). */
export async function loadMyRoutes(): Promise<MyRoute[] | null> {
  try {
    const { data } = await http.get<{ response: MyRoute[] }>("/Employee/myRoutes");
    return data.response;
  } catch (error) {
    if (getErrorStatus(error) === 404) return null;
    throw error;
  }
}
