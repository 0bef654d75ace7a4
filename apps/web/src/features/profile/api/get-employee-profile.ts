import { queryOptions, useQuery } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";

export type EmployeeProfile = {
  id: number;
  employeeId: number;
  name: string;
  lastname: string;
  codeEmployee: string;
  department: string | null;
  jobTitle: string | null;
  telephone: string | null;
  email: string;
  image: string | null;
  codeQr: string;
  branchOfficeName: string | null;
};

/** GET /api/v1/Employee/Profile: the signed-in employee's own profile (with its QR payload). */
export async function getEmployeeProfile(): Promise<EmployeeProfile> {
  const { data } = await http.get<EmployeeProfile>("/Employee/Profile");
  return data;
}

export const employeeProfileQuery = queryOptions({
  queryKey: ["employee", "profile"],
  queryFn: getEmployeeProfile,
});

export const useEmployeeProfile = () => useQuery(employeeProfileQuery);
