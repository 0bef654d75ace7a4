import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CodeQrResponse, EmployeeCodeQrRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { COLLABORATORS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Employee/CodeQr { employeeId } → the new QR code (the old one stops working). */
export async function regenerateCodeQr(body: EmployeeCodeQrRequest): Promise<CodeQrResponse> {
  const { data } = await http.put<CodeQrResponse>(clientPath(API.employee.codeQr), body);
  return data;
}

export function useRegenerateCodeQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateCodeQr,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COLLABORATORS_KEY }),
  });
}
