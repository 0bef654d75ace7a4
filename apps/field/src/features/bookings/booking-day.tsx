import { BookingCard } from "./booking-card";
import type { BookingChange, ShownDay } from "./booking-change";

/** The key of a booking (route and date), e.g. of the one whose change is being sent. */
export const bookingKey = (routeId: number, date: string) => `${routeId}:${date}`;

/** One day of «Mis viajes»: its bookings, then the seats asked for it still waiting on the phone. */
export function BookingDay(props: {
  day: ShownDay;
  /** «Mañana · lunes 30/11». */
  text: string;
  busyKey: string | null;
  /** The phone's time (ms), for each cut-off. */
  now: number;
  onChange: (change: BookingChange) => void;
}) {
  const { day, text } = props;
  return (
    <section className="booking-day" aria-label={text}>
      <h2 className="section-title">{text}</h2>
      <ul className="cards" aria-label={`Viajes del ${text}`}>
        {day.bookings.map((booking) => (
          <BookingCard
            key={booking.routeId}
            booking={booking}
            dayText={text}
            busy={props.busyKey === bookingKey(booking.routeId, booking.date)}
            now={props.now}
            onChange={(kind) =>
              props.onChange({
                kind,
                routeId: booking.routeId,
                date: booking.date,
                routeName: booking.routeName,
                seat: !booking.assigned,
              })
            }
          />
        ))}
        {day.requests.map((change) => (
          <li key={change.id} className="card booking" aria-label={change.name} data-testid="booking">
            <p className="card-title">{change.name}</p>
            <p className="unsent-note">Por enviar: se enviará al volver la conexión.</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
