import {
  DOCUMENT_OWNER_TYPES,
  DOCUMENT_REVIEWS,
  DOCUMENT_STATUSES,
  type DocumentOwnerType,
  type DocumentReview,
  type DocumentStatus,
} from "@treiber/contract";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { useTableParams, useUrlParamsUpdate } from "../../../shared/components/data-table";
import type { DocumentListRequest } from "../api/list-documents";
import { oneOf, readFilterId } from "../lib/filter-options";

export interface DocumentFilters {
  ownerType: DocumentOwnerType | undefined;
  status: DocumentStatus | undefined;
  review: DocumentReview | undefined;
  supplierId: number | undefined;
}

/**
 * «Documentos»' filters, kept in the URL: the table's `page` and `criterion`, and `ownerType`,
 * `status`, `review` and `supplierId` (administrators). A new filter goes back to page 1.
 */
export function useDocumentFilters() {
  const table = useTableParams();
  const [searchParams] = useSearchParams();
  const update = useUrlParamsUpdate();
  const ownerType = oneOf(DOCUMENT_OWNER_TYPES, searchParams.get("ownerType"));
  const status = oneOf(DOCUMENT_STATUSES, searchParams.get("status"));
  const review = oneOf(DOCUMENT_REVIEWS, searchParams.get("review"));
  const supplierId = readFilterId(searchParams.get("supplierId"));
  const { amount, skip, criterion } = table.request;

  const request: DocumentListRequest = useMemo(
    () => ({
      amount,
      skip,
      ...(criterion && { criterion }),
      ...(ownerType && { ownerType }),
      ...(status && { status }),
      ...(review && { review }),
      ...(supplierId && { supplierId }),
    }),
    [amount, skip, criterion, ownerType, status, review, supplierId],
  );

  const filters: DocumentFilters = { ownerType, status, review, supplierId };
  return {
    table,
    request,
    filters,
    setFilter: (name: keyof DocumentFilters, value: string | number | undefined) =>
      update({ [name]: value || undefined, page: undefined }),
  };
}
