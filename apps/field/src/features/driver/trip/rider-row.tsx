import { formatClock } from "@treiber/client/format";
import type { ShownRider } from "./local-trip";
import { riderName } from "./trip-riders";

/** One rider of the trip with its state: boarded (with the time), cancelled, pending or not boarded. */
export function RiderRow(props: { rider: ShownRider; finished: boolean }) {
  const { rider } = props;
  const state =
    rider.status === "Boarded"
      ? `Abordó ${formatClock(rider.scannedDate)}`
      : rider.status === "Canceled"
        ? "Canceló"
        : props.finished
          ? "No abordó"
          : "Pendiente";
  return (
    <li className="rider">
      <div>
        <p className="rider-name">{riderName(rider)}</p>
        <p className="muted">{rider.codeEmployee}</p>
        {rider.status === "Canceled" && rider.comment ? (
          <p className="rider-comment">«{rider.comment}»</p>
        ) : null}
      </div>
      <div className="rider-state">
        <span
          className={`badge rider-${rider.status.toLowerCase()}${props.finished ? " rider-finished" : ""}`}
        >
          {state}
        </span>
        {rider.unsent ? <span className="unsent-note">Por enviar</span> : null}
      </div>
    </li>
  );
}
