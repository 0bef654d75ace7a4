import { useMutation } from "@tanstack/react-query";
import type { CompanyPlan, CompanyPlanRequest } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/**
 * POST /api/v1/Planning/company/propose → «Toda la sucursal» (issue 36): a proposal per shift and
 * workplace and the runs chained per driver. The server answers when done; aborting `signal` stops it.
 */
export async function proposeCompanyPlan(
  body: CompanyPlanRequest,
  signal?: AbortSignal,
): Promise<CompanyPlan> {
  const { data } = await http.post<CompanyPlan>(clientPath(API.planning.companyPropose), body, { signal });
  return data;
}

/** Nothing is written: no cache to refresh. */
export function useProposeCompanyPlan() {
  return useMutation({
    mutationFn: ({ body, signal }: { body: CompanyPlanRequest; signal: AbortSignal }) =>
      proposeCompanyPlan(body, signal),
  });
}
