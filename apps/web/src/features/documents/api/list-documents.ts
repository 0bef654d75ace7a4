import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type {
  DocumentListResponse,
  DocumentOwnerType,
  DocumentReview,
  DocumentStatus,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { DOCUMENTS_KEY } from "../../../shared/api/query-keys";
import type { ListRequest } from "../../../shared/components/data-table";

/** The «Documentos» filters the API takes (a supplier's user's list is always theirs, on the server). */
export type DocumentListRequest = Pick<ListRequest, "amount" | "skip" | "criterion"> & {
  ownerType?: DocumentOwnerType;
  ownerId?: number;
  status?: DocumentStatus;
  review?: DocumentReview;
  supplierId?: number;
};

/** GET /api/v1/Document/list */
export async function listDocuments(request: DocumentListRequest): Promise<DocumentListResponse> {
  const { data } = await http.get<DocumentListResponse>(clientPath(API.document.list), { params: request });
  return data;
}

export function documentsQueryOptions(request: DocumentListRequest) {
  return queryOptions({
    queryKey: [...DOCUMENTS_KEY, "list", request],
    queryFn: () => listDocuments(request),
    placeholderData: keepPreviousData,
  });
}

export function useDocuments(request: DocumentListRequest) {
  return useQuery(documentsQueryOptions(request));
}
