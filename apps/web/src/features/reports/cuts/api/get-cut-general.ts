import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type CutGeneralResponse, REPORT_FILE_NAMES } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../../shared/api/http-client";
import { CUTS_KEY } from "../../../../shared/api/query-keys";
import type { CutReportRequest } from "../hooks/use-cut-report-params";

export const CUT_GENERAL_EXCEL = {
  path: clientPath(API.cut.generalExcel),
  fileName: REPORT_FILE_NAMES.cutGeneral,
} as const;

/** GET /api/v1/Cut/General of one cut (cutId, amount, skip, criterion, supplierName), from its frozen rows. */
export async function getCutGeneral(request: CutReportRequest): Promise<CutGeneralResponse> {
  const { data } = await http.get<CutGeneralResponse>(clientPath(API.cut.general), { params: request });
  return data;
}

export function cutGeneralQueryOptions(request: CutReportRequest) {
  return queryOptions({
    queryKey: [...CUTS_KEY, "general", request],
    queryFn: () => getCutGeneral(request),
    placeholderData: keepPreviousData,
  });
}

export function useCutGeneral(request: CutReportRequest) {
  return useQuery(cutGeneralQueryOptions(request));
}
