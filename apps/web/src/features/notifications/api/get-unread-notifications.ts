import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Notification } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { UNREAD_NOTIFICATIONS_KEY } from "../../../shared/api/query-keys";

/** GET /api/v1/Notification: every unread notification of the current user. */
export async function getUnreadNotifications(): Promise<Notification[]> {
  try {
    const { data } = await http.get<Notification[]>(clientPath(API.notification.unread));
    return Array.isArray(data) ? data : [];
  } catch (error) {
    // Spec §8: fetching notifications only logs errors to the console.
    console.error(error);
    throw error;
  }
}

export function unreadNotificationsQueryOptions() {
  return queryOptions({
    queryKey: UNREAD_NOTIFICATIONS_KEY,
    queryFn: getUnreadNotifications,
    refetchInterval: 60_000,
  });
}

/** Loads only for administrators (spec §6). */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({ ...unreadNotificationsQueryOptions(), enabled });
}
