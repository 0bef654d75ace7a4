import { formatClock } from "@treiber/client/format";
import { NO_SHOW_LABEL } from "@treiber/contract";
import type { ShownRider } from "./local-trip";
import { isExpected, riderName } from "./trip-riders";

function stateOf(rider: ShownRider, finished: boolean): string {
  if (rider.status === "Boarded") return `Abordó ${formatClock(rider.scannedDate)}`;
  if (rider.status === "Canceled") return "Canceló";
  if (rider.noShow) return NO_SHOW_LABEL;
  return finished ? "No abordó" : "Pendiente";
}

/**
 * One rider of the trip with its state: boarded (with the time), cancelled, absent, pending or not
 * boarded. `onNoShow`: the trip runs with bookings, so a rider still expected can be marked «Ausente».
 */
export function RiderRow(props: {
  rider: ShownRider;
  finished: boolean;
  onNoShow?: (rider: ShownRider) => void;
}) {
  const { rider, onNoShow } = props;
  const badge = rider.noShow && rider.status === "Pending" ? "no-show" : rider.status.toLowerCase();
  const unsent = rider.unsent || rider.noShow === "unsent";
  return (
    <li className="rider">
      <div>
        <p className="rider-name">{riderName(rider)}</p>
        <p className="muted">{rider.codeEmployee}</p>
        {rider.seat ? <p className="muted">Asiento pedido</p> : null}
        {rider.status === "Canceled" && rider.comment ? (
          <p className="rider-comment">«{rider.comment}»</p>
        ) : null}
      </div>
      <div className="rider-state">
        <span className={`badge rider-${badge}${props.finished ? " rider-finished" : ""}`}>
          {stateOf(rider, props.finished)}
        </span>
        {unsent ? <span className="unsent-note">Por enviar</span> : null}
        {onNoShow && !props.finished && isExpected(rider) ? (
          <button
            type="button"
            className="button rider-no-show-button"
            aria-label={`${NO_SHOW_LABEL}: ${riderName(rider)}`}
            onClick={() => onNoShow(rider)}
          >
            {NO_SHOW_LABEL}
          </button>
        ) : null}
      </div>
    </li>
  );
}
