import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from "../../constants";

/** The list filters kept in the URL: `page`, `criterion`, `sinceDate`, `untilDate` (MM/DD/YYYY). */
export interface TableParams {
  page: number;
  criterion: string;
  sinceDate: string | undefined;
  untilDate: string | undefined;
}

/** The list request for the API (spec §3): amount = page size, skip = 1-based page. */
export interface ListRequest {
  amount: number;
  skip: number;
  criterion?: string;
  sinceDate?: string;
  untilDate?: string;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : DEFAULT_PAGE;
}

/** Reads and writes the table filters in the URL search params. */
export function useTableParams(pageSize = DEFAULT_PAGE_SIZE) {
  const [searchParams, setSearchParams] = useSearchParams();

  const params: TableParams = useMemo(
    () => ({
      page: readPage(searchParams.get("page")),
      criterion: searchParams.get("criterion") ?? "",
      sinceDate: searchParams.get("sinceDate") ?? undefined,
      untilDate: searchParams.get("untilDate") ?? undefined,
    }),
    [searchParams],
  );

  const update = useCallback(
    (changes: Partial<Record<keyof TableParams, string | number | undefined>>) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === "" || (key === "page" && value === DEFAULT_PAGE))
              next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const request: ListRequest = useMemo(
    () => ({
      amount: pageSize,
      skip: params.page,
      ...(params.criterion && { criterion: params.criterion }),
      ...(params.sinceDate &&
        params.untilDate && { sinceDate: params.sinceDate, untilDate: params.untilDate }),
    }),
    [params, pageSize],
  );

  return {
    params,
    request,
    pageSize,
    setPage: (page: number) => update({ page }),
    /** A new search goes back to the first page. */
    setCriterion: (criterion: string) => update({ criterion: criterion.trim(), page: undefined }),
    setDateRange: (sinceDate: string | undefined, untilDate: string | undefined) =>
      update({ sinceDate, untilDate, page: undefined }),
  };
}

export type TableParamsState = ReturnType<typeof useTableParams>;
