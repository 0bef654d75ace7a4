import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EmployeeProfileUpdate } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { updateSession } from "../../../shared/session/session-store";
import { employeeProfileQueryOptions } from "./get-employee-profile";

/** PUT /api/v1/Employee/Profile: edits the signed-in employee's own data. */
export async function updateEmployeeProfile(input: EmployeeProfileUpdate): Promise<void> {
  await http.put(clientPath(API.employee.updateProfile), input);
}

export function useUpdateEmployeeProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateEmployeeProfile,
    onSuccess: async (_data, input) => {
      await client.invalidateQueries({ queryKey: employeeProfileQueryOptions().queryKey });
      updateSession({
        user: {
          ...currentUserFields(),
          name: input.name,
          lastname: input.lastname,
          jobTitle: input.jobTitle ?? null,
        },
      });
    },
  });
}

function currentUserFields() {
  const raw = localStorage.getItem("Treiber");
  const user = raw ? (JSON.parse(raw) as { user?: { image?: string | null } }).user : undefined;
  return { image: user?.image ?? null };
}
