import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ComplianceResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DOCUMENTS_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** «Cumplimiento»'s filters: a supplier (administrators), EXPIRING or EXPIRED, only the blocking papers. */
export type ComplianceRequest = Pick<ListRequest, "amount" | "skip"> & {
  supplierId?: number;
  status?: "EXPIRING" | "EXPIRED";
  /** Sent as "true" only: left out, every paper that expires. */
  blocking?: "true";
  /** Each supplier's papers together (the supplier with the soonest expiry first); left out, by expiry. */
  groupBy?: "supplier";
};

/** GET /api/v1/Document/compliance */
export async function getCompliance(request: ComplianceRequest): Promise<ComplianceResponse> {
  const { data } = await http.get<ComplianceResponse>(clientPath(API.document.compliance), {
    params: request,
  });
  return data;
}

export function complianceQueryOptions(request: ComplianceRequest) {
  return queryOptions({
    queryKey: [...DOCUMENTS_KEY, "compliance", request],
    queryFn: () => getCompliance(request),
    placeholderData: keepPreviousData,
  });
}

export function useCompliance(request: ComplianceRequest) {
  return useQuery(complianceQueryOptions(request));
}
