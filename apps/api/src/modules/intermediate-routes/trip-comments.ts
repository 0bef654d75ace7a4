import type { MessageResponse, TripComment } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { forbidden, notFound } from "../../lib/http-error.js";
import { actionKey, applyOnce } from "../client-actions/apply-once.js";
import { employeeExists } from "../employees/employee-repository.js";
import type { NotificationDelivery } from "../notifications/comment-notifications.js";
import type { Notifier } from "../notifications/notification-service.js";
import { riderFacts } from "../trips/rider-notification.js";
import { employeeOf, TRIP_NOT_FOUND } from "../trips/trip-access.js";
import { findTrip, lockTrip } from "../trips/trip-repository.js";
import { servicesOf } from "../trips/trip-rider-repository.js";
import { assertMayComment } from "./comment-limits.js";
import { commentsOf, insertComment, lockCommenting } from "./trip-comment-repository.js";

export const COMMENT_NOT_RIDER = "Solo puede comentar una ruta en la que viajó";

export const toComment = (row: Awaited<ReturnType<typeof commentsOf>>[number]): TripComment => ({
  id: row.id,
  intermediateRouteId: row.intermediateRouteId,
  employeeId: row.employeeId,
  name: row.name,
  lastname: row.lastname,
  comment: row.comment,
  createdDate: row.createdAt.toISOString(),
});

/** A trip's comments: a rider's list, and a comment of one who boarded it (issue 32's limits). */
export function createTripComments(db: Db, notifier: Notifier) {
  return {
    async comments(intermediateRouteId: number, employeeId: number) {
      if (!(await findTrip(db, intermediateRouteId))) throw notFound(TRIP_NOT_FOUND);
      if (!(await employeeExists(db, employeeId))) throw notFound("Colaborador no encontrado");
      return (await commentsOf(db, intermediateRouteId, employeeId)).map(toComment);
    },

    /**
     * A collaborator who boarded the trip comments on it, within its limits (`assertMayComment`);
     * every admin is notified (COMMENT), the comments that follow each other on a trip in one
     * notification (`Notifier.storeComment`).
     */
    async comment(user: AuthUser, body: { intermediateRouteId: number; comment: string; actionId?: string }) {
      const employee = await employeeOf(db, user);
      let deliveries: NotificationDelivery[] = [];
      const result = await applyOnce(
        db,
        actionKey(user, "comment", body),
        201,
        async (tx): Promise<MessageResponse> => {
          await lockCommenting(tx, employee.id, body.intermediateRouteId);
          const trip = await lockTrip(tx, body.intermediateRouteId, "share");
          if (!trip) throw notFound(TRIP_NOT_FOUND);
          const rode = (await servicesOf(tx, trip.id)).some(
            (service) => service.employeeId === employee.id && service.status === "Boarded",
          );
          if (!rode) throw forbidden(COMMENT_NOT_RIDER);
          await assertMayComment(tx, employee.id, trip.id);
          await insertComment(tx, {
            intermediateRouteId: trip.id,
            employeeId: employee.id,
            text: body.comment,
          });
          const facts = await riderFacts(tx, trip.id, employee, body.comment);
          deliveries = await notifier.storeComment(tx, trip.id, facts, user.id);
          return { message: "Comentario enviado" };
        },
      );
      await notifier.pushDeliveries(deliveries);
      return result;
    },
  };
}
