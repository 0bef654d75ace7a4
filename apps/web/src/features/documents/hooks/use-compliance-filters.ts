import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { useTableParams, useUrlParamsUpdate } from "../../../shared/components/data-table";
import type { ComplianceRequest } from "../api/get-compliance";
import { oneOf, readFilterId } from "../lib/filter-options";

export interface ComplianceFilters {
  supplierId: number | undefined;
  status: "EXPIRING" | "EXPIRED" | undefined;
  /** «Solo los que bloquean»: the licence, insurance and inspection only. */
  blocking: boolean;
  /** «Agrupar por suplidor»: each supplier's papers together, still soonest expiry first. */
  groupBySupplier: boolean;
}

/**
 * «Cumplimiento»'s filters, kept in the URL: `page`, `supplierId` (administrators), `status`,
 * `blocking=true`, `group=supplier`.
 */
export function useComplianceFilters() {
  const table = useTableParams();
  const [searchParams] = useSearchParams();
  const update = useUrlParamsUpdate();
  const supplierId = readFilterId(searchParams.get("supplierId"));
  const status = oneOf(["EXPIRING", "EXPIRED"] as const, searchParams.get("status"));
  const blocking = searchParams.get("blocking") === "true";
  const groupBySupplier = searchParams.get("group") === "supplier";
  const { amount, skip } = table.request;

  const request: ComplianceRequest = useMemo(
    () => ({
      amount,
      skip,
      ...(supplierId && { supplierId }),
      ...(status && { status }),
      ...(blocking && { blocking: "true" as const }),
      ...(groupBySupplier && { groupBy: "supplier" as const }),
    }),
    [amount, skip, supplierId, status, blocking, groupBySupplier],
  );

  const filters: ComplianceFilters = { supplierId, status, blocking, groupBySupplier };
  return {
    table,
    request,
    filters,
    setSupplier: (id: number | undefined) => update({ supplierId: id || undefined, page: undefined }),
    setStatus: (value: string | undefined) => update({ status: value || undefined, page: undefined }),
    setBlocking: (value: boolean) => update({ blocking: value ? "true" : undefined, page: undefined }),
    setGroupBySupplier: (value: boolean) =>
      update({ group: value ? "supplier" : undefined, page: undefined }),
  };
}
