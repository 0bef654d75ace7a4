import { formatClock, formatDepartureTime } from "@treiber/client/format";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "@treiber/contract";
import { cutoffLabel } from "../../shared/local-dates";
import {
  type BookingChangeKind,
  beforeCutoff,
  changeLabel,
  offeredChange,
  type ShownBooking,
} from "./booking-change";

/** «Confirmado», «En espera (n.º 3)», «Cancelado»… */
export function statusText(status: BookingStatus, waitlistPosition: number | null): string {
  const label = BOOKING_STATUS_LABELS[status];
  return status === "WAITLISTED" && waitlistPosition ? `${label} (n.º ${waitlistPosition})` : label;
}

/** Statuses a rider could still change before the cut-off. */
const OPEN: readonly BookingStatus[] = ["CONFIRMED", "CANCELLED", "WAITLISTED"];

/**
 * One booking of «Mis viajes»: route, stop, planned time, status and cut-off, with «No viajaré» /
 * «Sí viajaré» until the cut-off. A change waiting on the phone is shown as such («Por enviar»): the
 * status stays the server's until it answers.
 */
export function BookingCard(props: {
  booking: ShownBooking;
  dayText: string;
  busy: boolean;
  /** The phone's time (ms): past the cut-off nothing is offered, whatever the list said. */
  now: number;
  onChange: (kind: BookingChangeKind) => void;
}) {
  const { booking } = props;
  const offered = offeredChange(booking, props.now);
  const seat = !booking.assigned;
  return (
    <li
      className="card booking"
      aria-label={`${booking.routeName} · ${props.dayText}`}
      data-testid="booking"
      data-date={booking.date}
    >
      <div className="card-head">
        <div>
          <p className="card-title">{booking.routeName}</p>
          {booking.shiftName ? <p className="muted">Turno {booking.shiftName}</p> : null}
        </div>
        <span className={`badge booking-${booking.status.toLowerCase()}`} data-testid="booking-status">
          {statusText(booking.status, booking.waitlistPosition)}
        </span>
      </div>
      <dl className="facts">
        <dt>Parada</dt>
        <dd>{booking.stopName ?? "Sin parada"}</dd>
        <dt>Hora</dt>
        <dd>{formatDepartureTime(booking.plannedTime)}</dd>
        <dt>Cambios hasta</dt>
        <dd>{cutoffLabel(booking.cutoffAt)}</dd>
      </dl>
      {seat ? <p className="muted">Asiento pedido: no es su ruta asignada.</p> : null}
      {booking.status === "CANCELLED" && booking.reason ? (
        <p className="muted">Motivo: {booking.reason}</p>
      ) : null}
      {booking.pending ? (
        <p className="unsent-note">
          Por enviar: «{changeLabel({ kind: booking.pending.kind, seat })}»
          {booking.pending.requestedAt ? ` (pedido a las ${formatClock(booking.pending.requestedAt)})` : ""}
        </p>
      ) : null}
      {!beforeCutoff(booking, props.now) && OPEN.includes(booking.status) ? (
        <p className="muted">Pasó el plazo: solo un administrador puede cambiarla.</p>
      ) : null}
      {offered ? (
        <button
          type="button"
          className={offered === "cancel" ? "button booking-action" : "button button-primary booking-action"}
          disabled={props.busy}
          onClick={() => props.onChange(offered)}
        >
          {props.busy ? "Enviando…" : changeLabel({ kind: offered, seat })}
        </button>
      ) : null}
    </li>
  );
}
