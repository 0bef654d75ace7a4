import {
  BOOKING_STATUS_LABELS,
  type BookingStatus,
  NO_SEAT_TITLE,
  NO_SHOW_TITLE,
  SEAT_GRANTED_TITLE,
} from "@treiber/contract";
import type { UserNotice } from "../notifications/notification-service.js";
import { displayDate } from "./booking-clock.js";
import type { NoticeRider } from "./bookings-repository.js";

/** A booking's change told to the rider (hub «ReceiveNotification» and Web Push, as «Tu ruta cambió»). */
export const BOOKING_CHANGED_TITLE = "Tu reserva cambió";

function notice(rider: NoticeRider, routeName: string, title: string, message: string): UserNotice {
  return {
    userId: rider.userId,
    title,
    message,
    facts: {
      driverName: "",
      driverLastname: "",
      employeeName: rider.name,
      employeeLastname: rider.lastname,
      comment: "",
      routeName,
    },
  };
}

export const bookingNotices = {
  /** The first of the waitlist got the seat that freed. */
  seatGranted: (rider: NoticeRider, routeName: string, date: string) =>
    notice(
      rider,
      routeName,
      SEAT_GRANTED_TITLE,
      `Tienes asiento en la ruta ${routeName} el ${displayDate(date)}: pasaste de la lista de espera a confirmado`,
    ),
  /** Still waiting at the cut-off. */
  noSeat: (rider: NoticeRider, routeName: string, date: string) =>
    notice(
      rider,
      routeName,
      NO_SEAT_TITLE,
      `Sin asiento en la ruta ${routeName} el ${displayDate(date)}: no se liberó ningún asiento antes del plazo`,
    ),
  /** The driver recorded them absent at the stop. */
  noShow: (rider: NoticeRider, routeName: string, date: string, time: string) =>
    notice(
      rider,
      routeName,
      NO_SHOW_TITLE,
      `El chofer te marcó ausente en la ruta ${routeName} el ${displayDate(date)} a las ${time}`,
    ),
  /** An admin changed their booking, with the reason. */
  adminChange: (rider: NoticeRider, routeName: string, date: string, status: BookingStatus, reason: string) =>
    notice(
      rider,
      routeName,
      BOOKING_CHANGED_TITLE,
      `Un administrador cambió tu reserva del ${displayDate(date)} en la ruta ${routeName} a «${BOOKING_STATUS_LABELS[status]}»: ${reason}`,
    ),
};
