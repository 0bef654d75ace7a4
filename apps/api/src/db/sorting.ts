import type { SortOrder } from "@treiber/contract";
import { type AnyColumn, asc, desc, type SQL } from "drizzle-orm";

/** A list's sort request as the contract parses it: a whitelisted field and a direction. */
export type SortRequest<F extends string> = { sortBy?: F; sortOrder?: SortOrder };

/**
 * The `order by` of a sorted list: the requested field's column (looked up in the list's
 * whitelist, never SQL from the request) then the id in the same direction, so pages are stable;
 * without a sort, the list's default order.
 */
export function sortOrder<F extends string>(
  columns: Record<F, AnyColumn | SQL>,
  id: AnyColumn,
  sort: SortRequest<F>,
  fallback: SQL[],
): SQL[] {
  if (!sort.sortBy || !Object.hasOwn(columns, sort.sortBy)) return fallback;
  const direction = sort.sortOrder === "desc" ? desc : asc;
  return [direction(columns[sort.sortBy]), direction(id)];
}
