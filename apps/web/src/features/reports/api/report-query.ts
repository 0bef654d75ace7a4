import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiEndpoint, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { REPORTS_KEY } from "../../../shared/api/query-keys";
import type { ReportRequest } from "../hooks/use-report-params";

/**
 * One report of the back office: `useReport(request)` gets a page of it (`GET endpoint` with
 * amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and the report's filters), keeping the
 * previous page on screen while the next loads; `excel` is its export (path and file name).
 */
export function reportQuery<Response>(
  key: string,
  endpoint: ApiEndpoint,
  excel: ApiEndpoint,
  fileName: string,
) {
  const options = (request: ReportRequest) =>
    queryOptions({
      queryKey: [...REPORTS_KEY, key, request],
      queryFn: async () => (await http.get<Response>(clientPath(endpoint), { params: request })).data,
      placeholderData: keepPreviousData,
    });
  return {
    excel: { path: clientPath(excel), fileName },
    useReport: (request: ReportRequest) => useQuery(options(request)),
  };
}
