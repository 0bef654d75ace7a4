import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type CutHeadboardResponse, REPORT_FILE_NAMES } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";
import type { ReportRequest } from "../../reports/hooks/use-report-params";
import { CUTS_KEY } from "./cut-keys";

export const CUT_HEADBOARD_EXCEL = {
  path: "/Cut/Headboard/excel",
  fileName: REPORT_FILE_NAMES.cutHeadboard,
} as const;

/** GET /api/v1/Cut/Headboard (sinceDate, untilDate MM/DD/YYYY, amount, skip, criterion). */
export async function getCutHeadboard(request: ReportRequest): Promise<CutHeadboardResponse> {
  const { data } = await http.get<CutHeadboardResponse>("/Cut/Headboard", { params: request });
  return data;
}

export function cutHeadboardQueryOptions(request: ReportRequest) {
  return queryOptions({
    queryKey: [...CUTS_KEY, "headboard", request],
    queryFn: () => getCutHeadboard(request),
    placeholderData: keepPreviousData,
  });
}

export function useCutHeadboard(request: ReportRequest) {
  return useQuery(cutHeadboardQueryOptions(request));
}
