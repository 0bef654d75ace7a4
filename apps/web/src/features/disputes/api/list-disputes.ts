import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { DisputeListResponse, DisputeStatus } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DISPUTES_KEY } from "../../../shared/api/query-keys";

/** One page of a cut's disputes, optionally of one status (a supplier user gets only theirs). */
export interface DisputeListRequest {
  cutId: number;
  status?: DisputeStatus;
  amount: number;
  skip: number;
}

/** GET /api/v1/Dispute/list (cutId, status, amount, skip): the disputes and how they were settled. */
export async function listDisputes(request: DisputeListRequest): Promise<DisputeListResponse> {
  const { data } = await http.get<DisputeListResponse>(clientPath(API.dispute.list), { params: request });
  return data;
}

export function listDisputesQueryOptions(request: DisputeListRequest) {
  return queryOptions({
    queryKey: [...DISPUTES_KEY, "list", request],
    queryFn: () => listDisputes(request),
    placeholderData: keepPreviousData,
  });
}

export function useDisputes(request: DisputeListRequest) {
  return useQuery(listDisputesQueryOptions(request));
}

/** The largest page the server gives (listQuerySchema): enough for one cut's open disputes. */
export const OPEN_DISPUTES_PAGE = 100;

/** A cut's open disputes (one request shared by every line of the cut and its «Disputas» card). */
export function useOpenDisputes(cutId: number) {
  return useDisputes({ cutId, status: "OPEN", amount: OPEN_DISPUTES_PAGE, skip: 1 });
}
