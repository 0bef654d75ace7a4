import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  MessageResponse,
  ReportScheduleCreateRequest,
  ReportScheduleItem,
  ReportScheduleListResponse,
  ScheduledReport,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../../shared/api/http-client";
import { REPORTS_KEY } from "../../../../shared/api/query-keys";

const SCHEDULES_KEY = [...REPORTS_KEY, "schedules"] as const;

/** GET ReportSchedule/list?report= (an Admin's own, a SuperAdmin's all). */
export async function listReportSchedules(report: ScheduledReport): Promise<ReportScheduleListResponse> {
  const { data } = await http.get<ReportScheduleListResponse>(clientPath(API.reportSchedule.list), {
    params: { report },
  });
  return data;
}

export function useReportSchedules(report: ScheduledReport, enabled: boolean) {
  return useQuery({
    queryKey: [...SCHEDULES_KEY, report],
    queryFn: () => listReportSchedules(report),
    enabled,
  });
}

/** POST ReportSchedule. */
export function useCreateReportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportScheduleCreateRequest) => {
      const { data } = await http.post<ReportScheduleItem>(clientPath(API.reportSchedule.create), body);
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}

/** DELETE ReportSchedule/{id}. */
export function useDeleteReportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const { data } = await http.delete<MessageResponse>(clientPath(API.reportSchedule.remove, { id }));
      return data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}
