import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DriverProfile } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/** GET /api/v1/Driver/Profile: the signed-in driver's own profile. */
export async function getDriverProfile(): Promise<DriverProfile> {
  const { data } = await http.get<DriverProfile>(clientPath(API.driver.profile));
  return data;
}

export function driverProfileQueryOptions() {
  return queryOptions({ queryKey: ["driver", "profile"], queryFn: getDriverProfile });
}

export function useDriverProfile() {
  return useQuery(driverProfileQueryOptions());
}
