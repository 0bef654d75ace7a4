import type { RealtimeNotification } from "@treiber/contract";
import type { NotificationTag } from "./notification-repository.js";

export const NOTIFICATION_TITLES: Record<NotificationTag, string> = {
  CANCELED: "Servicio cancelado",
  COMMENT: "Nuevo comentario",
  ASSIGNED: "Colaborador asignado",
};
/** The title of a COMMENT notification that stands for several comments on one trip. */
export const GROUPED_COMMENTS_TITLE = "Nuevos comentarios";

/** The people and texts a notification is about (`messageJson`, spec §3). */
export type NotificationFacts = {
  driverName: string;
  driverLastname: string;
  employeeName: string;
  employeeLastname: string;
  comment: string;
  routeName: string;
};

const employeeOf = (facts: NotificationFacts) => `${facts.employeeName} ${facts.employeeLastname}`;

function messageOf(tag: NotificationTag, facts: NotificationFacts) {
  switch (tag) {
    case "CANCELED":
      return `${employeeOf(facts)} canceló su servicio en la ruta ${facts.routeName}: "${facts.comment}"`;
    case "COMMENT":
      return `${employeeOf(facts)} comentó sobre la ruta ${facts.routeName}: "${facts.comment}"`;
    case "ASSIGNED":
      return `${employeeOf(facts)} fue asignado(a) a la ruta ${facts.routeName}`;
  }
}

export const messageJsonOf = (facts: NotificationFacts) =>
  JSON.stringify({
    DriverName: facts.driverName,
    DriverLastname: facts.driverLastname,
    EmployeeName: facts.employeeName,
    EmployeeLastname: facts.employeeLastname,
    Comment: facts.comment,
    RouteName: facts.routeName,
  });

/** A notification to the admins about one event. */
export const notificationOf = (tag: NotificationTag, facts: NotificationFacts): RealtimeNotification => ({
  title: NOTIFICATION_TITLES[tag],
  message: messageOf(tag, facts),
  tag,
  messageJson: messageJsonOf(facts),
});

/**
 * The COMMENT notification of `count` comments on one trip: the latest comment's facts (its
 * `messageJson` keeps the spec's fields), «3 comentarios nuevos en el viaje de la ruta …».
 */
export function commentsNotificationOf(facts: NotificationFacts, count: number): RealtimeNotification {
  if (count === 1) return notificationOf("COMMENT", facts);
  return {
    title: GROUPED_COMMENTS_TITLE,
    message: `${count} comentarios nuevos en el viaje de la ruta ${facts.routeName}; el último, de ${employeeOf(facts)}: "${facts.comment}"`,
    tag: "COMMENT",
    messageJson: messageJsonOf(facts),
  };
}
