import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Notification } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { NOTIFICATIONS_KEY, UNREAD_NOTIFICATIONS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Notification/markAsReadAll */
export async function markAllAsRead(): Promise<void> {
  await http.put(clientPath(API.notification.markAsReadAll));
}

/** Empties the list optimistically, then reloads it. */
export function useMarkAllAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllAsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: UNREAD_NOTIFICATIONS_KEY });
      const previous = queryClient.getQueryData<Notification[]>(UNREAD_NOTIFICATIONS_KEY);
      queryClient.setQueryData<Notification[]>(UNREAD_NOTIFICATIONS_KEY, []);
      return { previous };
    },
    onError: (error, _variables, context) => {
      console.error(error);
      if (context?.previous) queryClient.setQueryData(UNREAD_NOTIFICATIONS_KEY, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
