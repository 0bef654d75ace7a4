import type { Tx } from "../../db/client.js";
import type { Notifier } from "../notifications/notification-service.js";
import { tripNames } from "./trip-repository.js";

/**
 * Stores (in `tx`) the admins' notification that a collaborator (user `actorUserId`) commented on
 * or cancelled a trip.
 */
export async function storeRiderNotification(
  tx: Tx,
  notifier: Notifier,
  tag: "COMMENT" | "CANCELED",
  tripId: number,
  employee: { name: string; lastname: string },
  comment: string,
  actorUserId: number,
) {
  const names = await tripNames(tx, tripId);
  return notifier.store(
    tx,
    tag,
    {
      driverName: names?.driverName ?? "",
      driverLastname: names?.driverLastname ?? "",
      employeeName: employee.name,
      employeeLastname: employee.lastname,
      comment,
      routeName: names?.routeName ?? "",
    },
    actorUserId,
  );
}
