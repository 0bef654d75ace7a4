import { SHIFT_PAGE_SIZE } from "@treiber/contract";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { useTableParams, useUrlParamsUpdate } from "../../../shared/components/data-table";
import type { ShiftListRequest } from "../api/list-shifts";

function readId(value: string | null): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/**
 * The shift list's filters, kept in the URL: the table's `page` and `criterion`, and
 * `branchOfficeId` (0 or absent = every branch office). A new branch office goes back to page 1.
 */
export function useShiftListParams() {
  const table = useTableParams(SHIFT_PAGE_SIZE);
  const [searchParams] = useSearchParams();
  const branchOfficeId = readId(searchParams.get("branchOfficeId"));
  const update = useUrlParamsUpdate({ dropZero: true });
  const { amount, skip, criterion } = table.request;

  const request: ShiftListRequest = useMemo(
    () => ({
      amount,
      skip,
      ...(criterion && { criterion }),
      ...(branchOfficeId > 0 && { branchOfficeId }),
    }),
    [amount, skip, criterion, branchOfficeId],
  );

  return {
    table,
    request,
    branchOfficeId,
    setBranchOffice: (id: number) => update({ branchOfficeId: id, page: undefined }),
  };
}
