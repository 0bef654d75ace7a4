import type { NotificationListItem, NotificationListResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../shared/http";

/** How many of the newest notices «Avisos» shows (and keeps on the phone). */
export const MY_NOTICES_SHOWN = 50;

/** What «Avisos» asks the server (tests give their own). */
export type NoticesApi = {
  /** The user's own notices, read or not, newest first. */
  list(): Promise<NotificationListItem[]>;
  /** Marks these of the user's own notices read. */
  markRead(ids: readonly number[]): Promise<void>;
};

/** `GET Notification/list` and `PUT Notification/markAsRead/{id}`: only the caller's own notices. */
export const noticesApi: NoticesApi = {
  async list() {
    const { data } = await http.get<NotificationListResponse>(clientPath(API.notification.list), {
      params: { amount: MY_NOTICES_SHOWN, skip: 1 },
    });
    return data.data;
  },
  async markRead(ids) {
    await Promise.all(ids.map((id) => http.put(clientPath(API.notification.markAsRead, { id }))));
  },
};
