import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/** TanStack Query key of «Auditoría» (issue 39). */
export const AUDIT_KEY = ["audit"] as const;

/** The filters of GET Audit/list (SuperAdmin): entity, id, user, local dates (MM/DD/YYYY), page. */
export type AuditListRequest = {
  amount: number;
  skip: number;
  entity?: string;
  entityId?: string;
  userId?: number;
  sinceDate?: string;
  untilDate?: string;
};

/** GET /api/v1/Audit/list: the changes, newest first. */
export async function listAudit(request: AuditListRequest): Promise<AuditListResponse> {
  const { data } = await http.get<AuditListResponse>(clientPath(API.audit.list), { params: request });
  return data;
}

export function useAuditList(request: AuditListRequest) {
  return useQuery({
    queryKey: [...AUDIT_KEY, request],
    queryFn: () => listAudit(request),
    placeholderData: keepPreviousData,
  });
}
