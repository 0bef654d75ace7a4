import type { SharedTrip } from "@treiber/contract";
import { Logo } from "../../../shared/components/logo";
import { useNow } from "../../../shared/hooks/use-now";
import type { SharedTripState } from "../hooks/use-shared-trip";
import {
  SHARE_GONE_TEXT,
  SHARE_GONE_TITLE,
  SHARED_TRIP_REFRESH_MS,
  sharedTripEtaSentence,
  sharedTripExpirySentence,
  sharedTripPositionAge,
  sharedTripStatusLabel,
} from "../lib/shared-trip-text";
import { LazySharedTripMap } from "./lazy-shared-trip-map";
import "./shared-trip.css";

const REFRESH_SECONDS = SHARED_TRIP_REFRESH_MS / 1000;

function Header() {
  return (
    <header className="shared-trip-header">
      <Logo size={32} />
      <h1>Viaje compartido</h1>
    </header>
  );
}

/** The bus now: what a relative looks for first (the arrival), the map, then the facts. */
function TripNow({ trip, stale }: { trip: SharedTrip; stale: boolean }) {
  const now = useNow(REFRESH_SECONDS * 1000);
  const running = trip.status === "InProgress";
  return (
    <>
      <section className="shared-trip-card" aria-label="Llegada">
        <p className="shared-trip-route">
          <span>{trip.routeName}</span>
          <span className={`shared-trip-badge${running ? " shared-trip-badge-running" : ""}`}>
            {sharedTripStatusLabel(trip.status)}
          </span>
        </p>
        <p className="shared-trip-eta" data-testid="shared-trip-eta" aria-live="polite">
          {sharedTripEtaSentence(trip)}
        </p>
        {trip.riderStop ? <p className="shared-trip-muted">A la parada {trip.riderStop.name}</p> : null}
      </section>
      {stale ? (
        <p className="shared-trip-warning" role="status">
          No se pudo actualizar. Se muestra la última ubicación conocida; se reintenta cada {REFRESH_SECONDS}{" "}
          segundos.
        </p>
      ) : null}
      <LazySharedTripMap trip={trip} height="min(55vh, 420px)" />
      <section className="shared-trip-card" aria-label="Datos del viaje">
        <dl className="shared-trip-facts">
          <dt>Placa</dt>
          <dd>{trip.plate ?? "—"}</dd>
          <dt>Chofer</dt>
          <dd>{trip.driverFirstName ?? "—"}</dd>
          <dt>Parada</dt>
          <dd>{trip.riderStop?.name ?? "—"}</dd>
        </dl>
        <p className="shared-trip-muted">{sharedTripPositionAge(trip.position, now)}</p>
      </section>
      <footer className="shared-trip-footer">
        <p>{sharedTripExpirySentence(trip.expiresAt)}</p>
        <p>Se actualiza cada {REFRESH_SECONDS} segundos.</p>
      </footer>
    </>
  );
}

/**
 * The public page of a shared trip (`/seguir/<token>`): no account, no back-office chrome. The bus
 * live (route, plate, driver's first name, the rider's stop and the arrival to it) or, for an
 * unknown, expired or revoked link, «Este enlace ya no está disponible».
 */
export function SharedTripView({ state }: { state: SharedTripState }) {
  if (state.kind === "gone") {
    return (
      <main className="shared-trip">
        <Header />
        <section className="shared-trip-gone" data-testid="shared-trip-gone">
          <h2>{SHARE_GONE_TITLE}</h2>
          <p className="shared-trip-muted">{SHARE_GONE_TEXT}</p>
        </section>
      </main>
    );
  }
  return (
    <main className="shared-trip" aria-busy={state.kind === "loading"}>
      <Header />
      {state.kind === "loading" ? <p className="shared-trip-muted">Cargando el viaje…</p> : null}
      {state.kind === "failed" ? (
        <p className="shared-trip-warning" role="alert">
          No se pudo cargar el viaje. Se reintenta cada {REFRESH_SECONDS} segundos.
        </p>
      ) : null}
      {state.kind === "ready" ? <TripNow trip={state.trip} stale={state.stale} /> : null}
    </main>
  );
}
