import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AssignedRoute } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { driverRoutesKey } from "../../../shared/api/query-keys";

/** GET /api/v1/Driver/route?driverId → the routes of a driver. */
export async function listDriverRoutes(driverId: number): Promise<AssignedRoute[]> {
  const { data } = await http.get<AssignedRoute[]>(clientPath(API.driver.routes), { params: { driverId } });
  return data;
}

export function driverRoutesQueryOptions(driverId: number) {
  return queryOptions({
    queryKey: driverRoutesKey(driverId),
    queryFn: () => listDriverRoutes(driverId),
  });
}

export function useDriverRoutes(driverId: number | null) {
  return useQuery({ ...driverRoutesQueryOptions(driverId ?? 0), enabled: driverId !== null });
}
