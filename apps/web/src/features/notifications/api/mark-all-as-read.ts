import { useMutation, useQueryClient } from "@tanstack/react-query";
import { http } from "../../../shared/api/http-client";
import { type AppNotification, NOTIFICATIONS_KEY, UNREAD_NOTIFICATIONS_KEY } from "./notification-types";

/** PUT /api/v1/Notification/markAsReadAll */
export async function markAllAsRead(): Promise<void> {
  await http.put("/Notification/markAsReadAll");
}

/** Empties the list optimistically, then reloads it. */
export function useMarkAllAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllAsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: UNREAD_NOTIFICATIONS_KEY });
      const previous = queryClient.getQueryData<AppNotification[]>(UNREAD_NOTIFICATIONS_KEY);
      queryClient.setQueryData<AppNotification[]>(UNREAD_NOTIFICATIONS_KEY, []);
      return { previous };
    },
    onError: (error, _variables, context) => {
      console.error(error);
      if (context?.previous) queryClient.setQueryData(UNREAD_NOTIFICATIONS_KEY, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
