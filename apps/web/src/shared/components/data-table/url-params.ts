import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_PAGE } from "../../constants";

/** A 1-based page from the URL; anything else is the first page. */
export function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : DEFAULT_PAGE;
}

export interface UrlParamsUpdateOptions {
  /** Replace the history entry (filters) or push one (e.g. opening a detail, so Back closes it). */
  replace?: boolean;
  /** Treat 0 as "no filter" (ids where 0 means all). */
  dropZero?: boolean;
}

/**
 * Writes filters into the URL search params: empty values and the first page are removed, so
 * the URL only carries what differs from the defaults.
 */
export function useUrlParamsUpdate({ replace = true, dropZero = false }: UrlParamsUpdateOptions = {}) {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (changes: Record<string, string | number | undefined>) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            const empty =
              value === undefined ||
              value === "" ||
              (dropZero && value === 0) ||
              (key === "page" && value === DEFAULT_PAGE);
            if (empty) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace },
      );
    },
    [setSearchParams, replace, dropZero],
  );
}
