import { getErrorMessage } from "@treiber/client";
import type { TripDetail, TripRider } from "@treiber/contract";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { PendingIndicator } from "../../shared/outbox/pending-indicator";
import { ConfirmDialog } from "../../shared/ui/confirm-dialog";
import { Screen } from "../../shared/ui/screen";
import { ErrorState, Loading } from "../../shared/ui/states";
import { ManualBoardingSheet } from "./manual-boarding-sheet";
import { markTripOpened } from "./opened-trips";
import { ScanSheet } from "./scan-sheet";
import { boardManually, endTrip, QUEUED_MESSAGE } from "./trip-api";
import { formatClock } from "./trip-format";
import { pendingRiders, pendingSentence, riderName } from "./trip-riders";
import "./trip.css";
import { useElapsed } from "./use-elapsed";
import { useTrip } from "./use-trip";
import { GPS_LABELS, useTripGps } from "./use-trip-gps";
import { useWakeLock } from "./use-wake-lock";

/** Leaflet only loads when the trip screen has a position to show. */
const TripMap = lazy(() => import("./trip-map").then((m) => ({ default: m.TripMap })));

/** The driver's trip screen (`/viaje/:id`). */
export function TripPage() {
  const id = Number(useParams().id);
  const { trip, error, refresh } = useTrip(id);
  useEffect(() => markTripOpened(id), [id]);
  return (
    <Screen title={trip ? trip.routeName : "Ruta"}>
      {/* Scans, boardings and the End made offline wait here: "N pendientes de enviar". */}
      <PendingIndicator />
      {trip ? (
        <TripView trip={trip} refresh={refresh} />
      ) : error ? (
        <ErrorState title="No se pudo cargar la ruta" error={error} onRetry={() => void refresh()} />
      ) : (
        <Loading label="Cargando la ruta…" />
      )}
    </Screen>
  );
}

type Sheet = "scan" | "manual" | "end" | null;

function TripView(props: { trip: TripDetail; refresh: () => Promise<void> }) {
  const { trip, refresh } = props;
  const running = trip.status === "InProgress";
  const navigate = useNavigate();
  const elapsed = useElapsed(trip.startedDate, trip.endedDate);
  const gps = useTripGps(running ? trip.id : null);
  useWakeLock(running);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [ending, setEnding] = useState(false);
  const pending = pendingRiders(trip.riders);

  const manual = async (employeeId: number, reason: string) => {
    const result = await boardManually(trip.id, employeeId, reason, gps.position);
    setSheet(null);
    setNotice(result.status === "queued" ? QUEUED_MESSAGE : `${riderName(result.data)} abordó (sin QR).`);
    await refresh();
  };

  const end = async () => {
    setEnding(true);
    try {
      const result = await endTrip(trip.id);
      setSheet(null);
      if (result.status === "queued") setNotice(QUEUED_MESSAGE);
      else navigate("/hoy", { replace: true });
    } catch (cause) {
      setSheet(null);
      setNotice(getErrorMessage(cause));
    } finally {
      setEnding(false);
    }
  };

  return (
    <div className="trip">
      <div className="trip-status">
        <div>
          <p className="muted">{running ? "Tiempo en ruta" : "Ruta finalizada"}</p>
          <p className="trip-elapsed" data-testid="elapsed">
            {elapsed}
          </p>
        </div>
        {running ? (
          <span className={`gps gps-${gps.status}`} role="status">
            {GPS_LABELS[gps.status]}
          </span>
        ) : null}
      </div>
      {trip.destinationName ? <p className="muted">Destino: {trip.destinationName}</p> : null}
      {running && gps.position ? (
        <Suspense fallback={<div className="trip-map" />}>
          <TripMap position={gps.position} />
        </Suspense>
      ) : null}
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}

      {running ? (
        <div className="trip-actions">
          <button type="button" className="button button-primary button-big" onClick={() => setSheet("scan")}>
            Escanear QR
          </button>
          <button type="button" className="button" onClick={() => setSheet("manual")}>
            Abordar sin QR
          </button>
        </div>
      ) : (
        <Link className="button button-primary" to="/hoy">
          Volver a Hoy
        </Link>
      )}

      <h2 className="section-title">Pasajeros ({trip.riders.length})</h2>
      <ul className="riders" aria-label="Pasajeros">
        {trip.riders.map((rider) => (
          <RiderRow key={rider.employeeId} rider={rider} />
        ))}
      </ul>

      {running ? (
        <>
          <button type="button" className="button button-danger" onClick={() => setSheet("end")}>
            Finalizar ruta
          </button>
          <Link className="button" to="/hoy">
            Ver rutas de hoy
          </Link>
        </>
      ) : null}

      {sheet === "scan" ? (
        <ScanSheet
          tripId={trip.id}
          position={gps.position}
          onBoarded={() => void refresh()}
          onClose={() => setSheet(null)}
        />
      ) : null}
      {sheet === "manual" ? (
        <ManualBoardingSheet riders={pending} onSubmit={manual} onClose={() => setSheet(null)} />
      ) : null}
      {sheet === "end" ? (
        <ConfirmDialog
          title="¿Finalizar la ruta?"
          confirmLabel="Finalizar"
          busy={ending}
          onConfirm={() => void end()}
          onCancel={() => setSheet(null)}
        >
          <p>{pendingSentence(pending)}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function RiderRow(props: { rider: TripRider }) {
  const { rider } = props;
  return (
    <li className="rider">
      <div>
        <p className="rider-name">{riderName(rider)}</p>
        <p className="muted">{rider.codeEmployee}</p>
        {rider.status === "Canceled" && rider.comment ? (
          <p className="rider-comment">«{rider.comment}»</p>
        ) : null}
      </div>
      <span className={`badge rider-${rider.status.toLowerCase()}`}>
        {rider.status === "Boarded"
          ? `Abordó ${formatClock(rider.scannedDate)}`
          : rider.status === "Canceled"
            ? "Canceló"
            : "Pendiente"}
      </span>
    </li>
  );
}
