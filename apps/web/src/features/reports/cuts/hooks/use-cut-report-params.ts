import { useMemo } from "react";
import { type ReportParamsState, useReportParams } from "../../hooks/use-report-params";

/** The request of one cut's General or Detail: paging, search, supplier and the cut's id (no dates). */
export type CutReportRequest = Omit<ReportParamsState["request"], "sinceDate" | "untilDate"> & {
  cutId: number;
};

export type CutReportParams = Omit<ReportParamsState, "request"> & { request: CutReportRequest };

/** Filters of one cut's lists, in the URL like every report (page, criterion, supplierName). */
export function useCutReportParams(cutId: number): CutReportParams {
  const report = useReportParams(["supplierName"]);
  const full = report.request;
  const request = useMemo(() => {
    const { sinceDate: _since, untilDate: _until, ...rest } = full;
    return { ...rest, cutId };
  }, [full, cutId]);
  return { ...report, request };
}
