import { NOT_RIDING_LABEL } from "@treiber/contract";
import type { NotRidingRider } from "./trip-bookings";
import { riderName } from "./trip-riders";

/**
 * The riders of the route who said they will not ride this day (issue 35), folded at the end of the
 * trip's list: the driver does not wait for them, but can see who and why.
 */
export function NotRidingList(props: { riders: readonly NotRidingRider[] }) {
  if (props.riders.length === 0) return null;
  return (
    <details className="stops-passed not-riding">
      <summary>
        {NOT_RIDING_LABEL} ({props.riders.length})
      </summary>
      <ul className="riders" aria-label={NOT_RIDING_LABEL}>
        {props.riders.map((rider) => (
          <li key={rider.employeeId} className="rider">
            <div>
              <p className="rider-name">{riderName(rider)}</p>
              <p className="muted">
                {rider.codeEmployee}
                {rider.stopName ? ` · ${rider.stopName}` : ""}
              </p>
              {rider.reason ? <p className="rider-comment">«{rider.reason}»</p> : null}
            </div>
            <span className="badge rider-not-riding">{NOT_RIDING_LABEL}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
