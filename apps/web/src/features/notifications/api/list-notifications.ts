import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationListQuery, NotificationListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { NOTIFICATION_LIST_KEY } from "../../../shared/api/query-keys";

/** GET Notification/list request: amount = page size, skip = 1-based page, dates MM/DD/YYYY. */
export type NotificationListRequest = NotificationListQuery & { sinceDate: string; untilDate: string };

/** GET /api/v1/Notification/list → { amount, data } */
export async function listNotifications(request: NotificationListRequest): Promise<NotificationListResponse> {
  const { data } = await http.get<NotificationListResponse>(clientPath(API.notification.list), {
    params: request,
  });
  return { amount: data?.amount ?? 0, data: Array.isArray(data?.data) ? data.data : [] };
}

export function notificationListQueryOptions(request: NotificationListRequest) {
  return queryOptions({
    queryKey: [...NOTIFICATION_LIST_KEY, request],
    queryFn: () => listNotifications(request),
    placeholderData: keepPreviousData,
  });
}

export function useNotificationList(request: NotificationListRequest) {
  return useQuery(notificationListQueryOptions(request));
}
