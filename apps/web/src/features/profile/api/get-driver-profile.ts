import { queryOptions, useQuery } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";

export type DriverProfile = {
  id: number;
  driverId: number;
  name: string;
  lastname: string;
  telephone: string | null;
  identityCard: string;
  supplierName: string;
  image: string | null;
};

/** GET /api/v1/Driver/Profile: the signed-in driver's own profile. */
export async function getDriverProfile(): Promise<DriverProfile> {
  const { data } = await http.get<DriverProfile>("/Driver/Profile");
  return data;
}

export const driverProfileQuery = queryOptions({
  queryKey: ["driver", "profile"],
  queryFn: getDriverProfile,
});
export const useDriverProfile = () => useQuery(driverProfileQuery);
