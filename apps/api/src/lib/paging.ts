import type { ListQuery } from "@treiber/contract";

/** SQL `limit`/`offset` for a list request (`skip` is the 1-based page number). */
export const pageWindow = (query: Pick<ListQuery, "amount" | "skip">) => ({
  limit: query.amount,
  offset: (query.skip - 1) * query.amount,
});

/**
 * Search text without accents and in lower case, like the database's `search_fold` (drizzle/0006):
 * "MARTÍNEZ Peña" → "martinez pena".
 */
export const foldSearch = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * `%text%` for `search_fold(expression) LIKE` on a trigram index: the user's text folded the same
 * way, with LIKE wildcards escaped.
 */
export const containsPattern = (criterion: string) =>
  `%${foldSearch(criterion).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
