import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Notification } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { NOTIFICATIONS_KEY, UNREAD_NOTIFICATIONS_KEY } from "../../../shared/api/query-keys";

/** PUT /api/v1/Notification/markAsRead/{id} */
export async function markAsRead(id: number): Promise<void> {
  await http.put(clientPath(API.notification.markAsRead, { id }));
}

/** Removes the item optimistically, then reloads the list. */
export function useMarkAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAsRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: UNREAD_NOTIFICATIONS_KEY });
      const previous = queryClient.getQueryData<Notification[]>(UNREAD_NOTIFICATIONS_KEY);
      queryClient.setQueryData<Notification[]>(UNREAD_NOTIFICATIONS_KEY, (list) =>
        (list ?? []).filter((item) => item.id !== id),
      );
      return { previous };
    },
    onError: (error, _id, context) => {
      console.error(error);
      if (context?.previous) queryClient.setQueryData(UNREAD_NOTIFICATIONS_KEY, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
