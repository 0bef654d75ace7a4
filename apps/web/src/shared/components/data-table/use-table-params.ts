import type { ListQuery, SortOrder } from "@treiber/contract";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_PAGE_SIZE } from "../../constants";
import { readPage, useUrlParamsUpdate } from "./url-params";

/**
 * The list filters kept in the URL: `page`, `criterion`, `sinceDate`, `untilDate` (MM/DD/YYYY),
 * and the sorting `sortBy` (a field the list's contract whitelists) and `sortOrder`.
 */
export interface TableParams {
  page: number;
  criterion: string;
  sinceDate: string | undefined;
  untilDate: string | undefined;
  sortBy: string | undefined;
  sortOrder: SortOrder | undefined;
}

/** The sorting of a list: a field and its direction. */
export interface TableSort {
  sortBy: string;
  sortOrder: SortOrder;
}

const readSortOrder = (value: string | null): SortOrder | undefined =>
  value === "asc" || value === "desc" ? value : undefined;

/**
 * The list request for the API (spec §3): amount = page size, skip = 1-based page, criterion, and
 * the creation-date range (MM/DD/YYYY) of the lists that have one.
 */
export type ListRequest = ListQuery & {
  sinceDate?: string;
  untilDate?: string;
  sortBy?: string;
  sortOrder?: SortOrder;
};

export interface TableParamsOptions {
  /** Range (MM/DD/YYYY) used while the URL has none, e.g. the reports' last 6 days through today. */
  defaultDateRange?: readonly [string, string];
}

/** Reads and writes the table filters in the URL search params. */
export function useTableParams(pageSize = DEFAULT_PAGE_SIZE, options: TableParamsOptions = {}) {
  const [searchParams] = useSearchParams();
  const [defaultSince, defaultUntil] = options.defaultDateRange ?? [];

  const params: TableParams = useMemo(() => {
    const sinceDate = searchParams.get("sinceDate") ?? undefined;
    const untilDate = searchParams.get("untilDate") ?? undefined;
    const fromUrl = Boolean(sinceDate && untilDate);
    const sortBy = searchParams.get("sortBy") || undefined;
    return {
      sortBy,
      sortOrder: sortBy ? (readSortOrder(searchParams.get("sortOrder")) ?? "asc") : undefined,
      page: readPage(searchParams.get("page")),
      criterion: searchParams.get("criterion") ?? "",
      sinceDate: fromUrl ? sinceDate : (defaultSince ?? sinceDate),
      untilDate: fromUrl ? untilDate : (defaultUntil ?? untilDate),
    };
  }, [searchParams, defaultSince, defaultUntil]);

  const update = useUrlParamsUpdate();

  const request: ListRequest = useMemo(
    () => ({
      amount: pageSize,
      skip: params.page,
      ...(params.criterion && { criterion: params.criterion }),
      ...(params.sinceDate &&
        params.untilDate && { sinceDate: params.sinceDate, untilDate: params.untilDate }),
      ...(params.sortBy && { sortBy: params.sortBy, sortOrder: params.sortOrder }),
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
    /** A new order goes back to the first page; no sort is the list's default order. */
    setSort: (sort: TableSort | undefined) =>
      update({ sortBy: sort?.sortBy, sortOrder: sort?.sortOrder, page: undefined }),
  };
}

export type TableParamsState = ReturnType<typeof useTableParams>;
