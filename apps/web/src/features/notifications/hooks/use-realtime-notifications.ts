import { useQueryClient } from "@tanstack/react-query";
import { HUB_EVENTS } from "@treiber/contract";
import { App } from "antd";
import { NOTIFICATIONS_KEY } from "../../../shared/api/query-keys";
import { useHubEvent, useHubReconnected } from "../../../shared/realtime";
import { parseRealtimeNotification } from "../lib/parse-realtime-notification";

/**
 * An incoming `ReceiveNotification` shows a popup with its title and message and reloads the
 * notifications (spec §4); after a reconnect the list is reloaded too, in case one was missed.
 */
export function useRealtimeNotifications() {
  const queryClient = useQueryClient();
  const { notification } = App.useApp();

  useHubEvent(HUB_EVENTS.receiveNotification, (argument) => {
    const parsed = parseRealtimeNotification(argument);
    if (parsed) {
      notification.open({
        message: parsed.title,
        description: parsed.message,
        // Bottom right: a popup never covers the bell in the top bar.
        placement: "bottomRight",
        duration: 8,
        props: { "data-testid": "realtime-notification" },
      });
    }
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  });

  useHubReconnected(() => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }));
}
