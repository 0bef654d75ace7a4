import type { Tx } from "../../db/client.js";
import type { Notifier } from "../notifications/notification-service.js";
import type { NotificationFacts } from "../notifications/notification-texts.js";
import { tripNames } from "./trip-repository.js";

/** What the admins are told of a collaborator's comment or cancellation on a trip. */
export async function riderFacts(
  tx: Tx,
  tripId: number,
  employee: { name: string; lastname: string },
  comment: string,
): Promise<NotificationFacts> {
  const names = await tripNames(tx, tripId);
  return {
    driverName: names?.driverName ?? "",
    driverLastname: names?.driverLastname ?? "",
    employeeName: employee.name,
    employeeLastname: employee.lastname,
    comment,
    routeName: names?.routeName ?? "",
  };
}

/**
 * Stores (in `tx`) the admins' notification that a collaborator (user `actorUserId`) cancelled
 * on a trip (comments are grouped: `Notifier.storeComment`).
 */
export async function storeRiderNotification(
  tx: Tx,
  notifier: Notifier,
  tag: "CANCELED",
  tripId: number,
  employee: { name: string; lastname: string },
  comment: string,
  actorUserId: number,
) {
  return notifier.store(tx, tag, await riderFacts(tx, tripId, employee, comment), actorUserId);
}
