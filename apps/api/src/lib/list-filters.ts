import type { CallerClock } from "./caller-clock.js";

/**
 * What a repository's sorted, dated list needs from the contract's list query: paging, the search
 * text (`criterion`, or a normalized one the service passes; empty means none), the creation range
 * as instants from the caller's local days, and the sort.
 */
export function listFilters<S extends string>(
  query: {
    amount: number;
    skip: number;
    criterion?: string;
    sinceDate?: string;
    untilDate?: string;
    sortBy?: S;
    sortOrder: "asc" | "desc";
  },
  clock: CallerClock,
  criterion = query.criterion,
) {
  const range = clock.optionalDayRange(query);
  return {
    amount: query.amount,
    skip: query.skip,
    criterion: criterion || undefined,
    createdFrom: range?.from,
    createdTo: range?.to,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
  };
}
