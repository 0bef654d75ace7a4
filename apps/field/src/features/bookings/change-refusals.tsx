import type { Outbox } from "../../shared/outbox/create-outbox";
import type { RejectedAction } from "../../shared/outbox/field-action";
import { refusalMessage, refusedChanges } from "./booking-change";

/**
 * The booking changes the server refused after waiting on the phone (past the cut-off when they
 * arrived), each said plainly until the rider taps «Entendido».
 */
export function ChangeRefusals(props: { rejected: readonly RejectedAction[]; outbox: Outbox }) {
  return refusedChanges(props.rejected).map((refusal) => (
    <div key={refusal.id} className="booking-refused" role="alert">
      <p>{refusalMessage(refusal, refusal.message, true)}</p>
      <button type="button" className="button" onClick={() => void props.outbox.dismissRejected(refusal.id)}>
        Entendido
      </button>
    </div>
  ));
}
