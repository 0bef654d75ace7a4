import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type CutHeadboardResponse, REPORT_FILE_NAMES } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../../shared/api/http-client";
import { CUTS_KEY } from "../../../../shared/api/query-keys";
import type { CutReportRequest } from "../hooks/use-cut-report-params";

export const CUT_HEADBOARD_EXCEL = {
  path: clientPath(API.cut.headboardExcel),
  fileName: REPORT_FILE_NAMES.cutHeadboard,
} as const;

/** GET /api/v1/Cut/Headboard of one cut (cutId, amount, skip, criterion, supplierName), from its frozen rows. */
export async function getCutHeadboard(request: CutReportRequest): Promise<CutHeadboardResponse> {
  const { data } = await http.get<CutHeadboardResponse>(clientPath(API.cut.headboard), { params: request });
  return data;
}

export function cutHeadboardQueryOptions(request: CutReportRequest) {
  return queryOptions({
    queryKey: [...CUTS_KEY, "headboard", request],
    queryFn: () => getCutHeadboard(request),
    placeholderData: keepPreviousData,
  });
}

export function useCutHeadboard(request: CutReportRequest) {
  return useQuery(cutHeadboardQueryOptions(request));
}
