/** What a list page reads of its TanStack list query (`{ amount, list }` answers). */
export interface ListQuery<T> {
  data: { amount: number; list: T[] } | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** The `PagedTable` props that come from the list query: rows, total, loading, error and retry. */
export function listQueryProps<T>(query: ListQuery<T>) {
  return {
    rows: query.data?.list,
    total: query.data?.amount,
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}
