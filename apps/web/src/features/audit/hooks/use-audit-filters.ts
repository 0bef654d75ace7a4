import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { useTableParams, useUrlParamsUpdate } from "../../../shared/components/data-table";
import type { AuditListRequest } from "../api/audit";

export interface AuditFilters {
  entity: string | undefined;
  entityId: string | undefined;
  userId: number | undefined;
}

const readUserId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * «Auditoría»'s filters, kept in the URL: the table's `page` and dates, and `entity`, `entityId`
 * and `userId`. A new filter goes back to page 1.
 */
export function useAuditFilters() {
  const table = useTableParams();
  const [searchParams] = useSearchParams();
  const update = useUrlParamsUpdate();
  const entity = searchParams.get("entity")?.trim() || undefined;
  const entityId = searchParams.get("entityId")?.trim() || undefined;
  const userId = readUserId(searchParams.get("userId"));
  const { amount, skip, sinceDate, untilDate } = table.request;

  const request: AuditListRequest = useMemo(
    () => ({
      amount,
      skip,
      ...(entity && { entity }),
      ...(entityId && { entityId }),
      ...(userId && { userId }),
      ...(sinceDate && untilDate && { sinceDate, untilDate }),
    }),
    [amount, skip, entity, entityId, userId, sinceDate, untilDate],
  );

  const filters: AuditFilters = { entity, entityId, userId };
  return {
    table,
    request,
    filters,
    setFilter: (name: keyof AuditFilters, value: string | number | undefined) =>
      update({ [name]: value || undefined, page: undefined }),
  };
}
