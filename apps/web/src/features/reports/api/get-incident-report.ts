import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import {
  type IncidentReportListQuery,
  type IncidentReportListResponse,
  type IncidentReportQuery,
  type IncidentReportResponse,
  REPORT_FILE_NAMES,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { REPORTS_KEY } from "../../../shared/api/query-keys";

/** The incidents report's Excel (every grouping, one sheet each). */
export const INCIDENT_REPORT_EXCEL = {
  path: clientPath(API.incident.reportExcel),
  fileName: REPORT_FILE_NAMES.incidents,
};

/** GET /api/v1/Incident/report (sinceDate/untilDate MM/DD/YYYY, branchOfficeId, supplierId). */
export async function getIncidentReport(query: IncidentReportQuery): Promise<IncidentReportResponse> {
  const { data } = await http.get<IncidentReportResponse>(clientPath(API.incident.report), { params: query });
  return data;
}

export function useIncidentReport(query: IncidentReportQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...REPORTS_KEY, "incidents", query],
      queryFn: () => getIncidentReport(query),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/v1/Incident/report/incidents: the report's incidents one by one, a page of them. */
export async function getIncidentReportList(
  query: IncidentReportListQuery,
): Promise<IncidentReportListResponse> {
  const { data } = await http.get<IncidentReportListResponse>(clientPath(API.incident.reportIncidents), {
    params: query,
  });
  return data;
}

export function useIncidentReportList(query: IncidentReportListQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...REPORTS_KEY, "incidents", "list", query],
      queryFn: () => getIncidentReportList(query),
      placeholderData: keepPreviousData,
    }),
  );
}
