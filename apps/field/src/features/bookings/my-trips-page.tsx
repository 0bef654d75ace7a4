import {
  BOOKING_STATUS_LABELS,
  type BookingRouteItem,
  MY_BOOKINGS_DAYS,
  REQUEST_SEAT_LABEL,
} from "@treiber/contract";
import { useState } from "react";
import { useDeviceResource } from "../../shared/device-cache/use-device-resource";
import { dayLabel, localDate, nextDates } from "../../shared/local-dates";
import { appOutbox } from "../../shared/outbox/app-outbox";
import type { Outbox } from "../../shared/outbox/create-outbox";
import { Empty, ErrorState, Loading } from "../../shared/ui/states";
import { showBookings } from "./booking-change";
import { BookingDay } from "./booking-day";
import { type BookingsApi, httpBookingsApi } from "./bookings-api";
import "./bookings.css";
import { ChangeRefusals } from "./change-refusals";
import { SeatRequestSheet } from "./seat-request-sheet";
import { useBookingCatchUp } from "./use-booking-catch-up";
import { useBookingChange } from "./use-booking-change";
import { useCutoffClock } from "./use-cutoff-clock";
import { useOutboxOf } from "./use-outbox-of";

/**
 * «Mis viajes» (issue 35): the rider's bookings of the next 14 days (kept on the phone), with «No
 * viajaré» / «Sí viajaré» until each cut-off and «Pedir asiento» on other routes of the branch
 * office. A change goes through the outbox: without signal it waits on the phone with the phone's
 * time; a refusal (past the cut-off when it arrived) is said plainly and the list shows the server's
 * status again. Whether a change is offered also reads the phone's clock: a kept list, or a screen
 * left open, stops offering it at its cut-off. `api`, `outbox`, `now`: tests give their own.
 */
export function MyTripsPage(props: { api?: BookingsApi; outbox?: Outbox; now?: () => Date }) {
  const api = props.api ?? httpBookingsApi;
  const outbox = props.outbox ?? appOutbox();
  const snapshot = useOutboxOf(outbox);
  const my = useDeviceResource("my-bookings", () => api.my());
  useBookingCatchUp(my.reload, snapshot);
  const { notice, busyKey, send } = useBookingChange(outbox, my.reload);
  const [asking, setAsking] = useState(false);
  const clock = props.now ?? (() => new Date());
  // Read again at the next cut-off still ahead: its buttons go when it passes (decision 0064).
  const now = useCutoffClock(my.data?.map((item) => item.cutoffAt) ?? [], () => clock().getTime());
  const today = localDate(new Date(now));

  if (my.data === undefined) {
    if (my.error) {
      return (
        <ErrorState
          title="No se pudieron cargar sus viajes"
          error={my.error}
          onRetry={() => void my.reload()}
        />
      );
    }
    return <Loading label="Cargando sus viajes…" />;
  }
  const days = showBookings(my.data, snapshot.actions);
  const statusOn = (routeId: number, date: string) => {
    const booking = my.data?.find((item) => item.routeId === routeId && item.date === date);
    return booking && booking.status !== "CANCELLED" ? BOOKING_STATUS_LABELS[booking.status] : null;
  };
  const request = (route: BookingRouteItem, date: string) => {
    setAsking(false);
    void send({ kind: "confirm", routeId: route.routeId, date, routeName: route.routeName, seat: true });
  };

  return (
    <div className="my-trips">
      <div className="my-trips-head">
        <p className="muted">Próximos {MY_BOOKINGS_DAYS} días. Puede cambiar cada viaje hasta su plazo.</p>
        <button type="button" className="button" onClick={() => setAsking(true)}>
          {REQUEST_SEAT_LABEL}
        </button>
      </div>
      {my.fromDevice ? (
        <p className="muted" data-testid="saved-copy">
          Sin conexión: se muestra lo último que se recibió.
        </p>
      ) : null}
      <ChangeRefusals rejected={snapshot.rejected} outbox={outbox} />
      {notice ? (
        <p className={notice.alert ? "booking-refused" : "notice"} role={notice.alert ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      {days.length === 0 ? (
        <Empty title={`No tiene viajes en los próximos ${MY_BOOKINGS_DAYS} días`}>
          Con «{REQUEST_SEAT_LABEL}» puede viajar en otra ruta de su sucursal.
        </Empty>
      ) : (
        days.map((day) => (
          <BookingDay
            key={day.date}
            day={day}
            text={dayLabel(day.date, today)}
            busyKey={busyKey}
            now={now}
            onChange={(change) => void send(change)}
          />
        ))
      )}
      {asking ? (
        <SeatRequestSheet
          api={api}
          dates={nextDates(today, MY_BOOKINGS_DAYS)}
          today={today}
          taken={statusOn}
          onRequest={request}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </div>
  );
}
