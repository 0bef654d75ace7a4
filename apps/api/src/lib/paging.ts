import type { ListQuery } from "@treiber/contract";

/** SQL `limit`/`offset` for a list request (`skip` is the 1-based page number). */
export const pageWindow = (query: Pick<ListQuery, "amount" | "skip">) => ({
  limit: query.amount,
  offset: (query.skip - 1) * query.amount,
});

/** `%text%` for ILIKE on a trigram index, with LIKE wildcards in the user's text escaped. */
export const containsPattern = (criterion: string) =>
  `%${criterion.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
