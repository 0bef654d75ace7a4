import { getErrorMessage } from "@treiber/client";
import type { TodayRoute } from "@treiber/contract";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../shared/ui/confirm-dialog";
import "./trip/trip.css";
import { markTripOpened } from "./trip/opened-trips";
import { startTrip } from "./trip/trip-api";

/**
 * "Iniciar ruta" of a row of Hoy: a confirmation, then Start, then the trip screen at once: the
 * server's trip, or (no signal) the trip started on the phone, which the server gets later.
 */
export function StartRouteButton(props: { route: TodayRoute; disabled?: boolean; onStarting?: () => void }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    props.onStarting?.();
    try {
      const { actionId, result } = await startTrip(props.route);
      setAsking(false);
      markTripOpened(
        result.status === "sent" ? `/viaje/${result.data.intermediateRoute.id}` : `/viaje/l-${actionId}`,
      );
      navigate(
        result.status === "sent" ? `/viaje/${result.data.intermediateRoute.id}` : `/viaje/l-${actionId}`,
      );
    } catch (error) {
      setAsking(false);
      setMessage(getErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button-primary card-action"
        disabled={props.disabled}
        onClick={() => setAsking(true)}
      >
        Iniciar ruta
      </button>
      {message ? (
        <p className="notice" role="status">
          {message}
        </p>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title="¿Iniciar la ruta?"
          confirmLabel="Iniciar"
          busy={busy}
          onConfirm={() => void start()}
          onCancel={() => setAsking(false)}
        >
          <p>
            {props.route.name}: {props.route.amountRiders} pasajeros esperados.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
