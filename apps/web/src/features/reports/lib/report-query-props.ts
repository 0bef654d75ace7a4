/** What a report page reads of its TanStack query (`{ amount, data: { items } }` answers). */
interface ReportQuery<T> {
  data: { amount: number; data: { items: T[] } } | undefined;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** The `ReportBody` props that come from the report's query: rows, total, loading, error and retry. */
export function reportQueryProps<T>(query: ReportQuery<T>) {
  return {
    rows: query.data?.data.items,
    total: query.data?.amount,
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}
