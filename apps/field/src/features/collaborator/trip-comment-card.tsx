import { useState } from "react";
import { CommentForm } from "./comment-form";
import { clearLastTrip, type LastTrip } from "./last-trip";
import { commentTrip } from "./load-my-bus";

/** "Comentar" a trip I rode (admins get a COMMENT notification). */
export function TripCommentCard(props: { trip: Pick<LastTrip, "tripId" | "routeName">; forget?: boolean }) {
  const [sent, setSent] = useState<string | null>(null);
  return (
    <section className="card" aria-label="Comentar el viaje">
      <p className="card-title">Comentar su viaje</p>
      <p className="muted">{props.trip.routeName}</p>
      {sent ? (
        <p className="notice" role="status">
          {sent}
        </p>
      ) : (
        <CommentForm
          label="Comentario"
          submitLabel="Comentar"
          onSend={(comment, actionId) =>
            commentTrip({ intermediateRouteId: props.trip.tripId, comment, actionId })
          }
          onSent={(message) => {
            setSent(message);
            if (props.forget !== false) clearLastTrip();
          }}
        />
      )}
    </section>
  );
}
