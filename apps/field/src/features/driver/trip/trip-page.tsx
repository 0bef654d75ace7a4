import { getErrorMessage } from "@treiber/client";
import { formatClock } from "@treiber/client/format";
import type { TodayRoute, TripDetail } from "@treiber/contract";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { departureOf } from "../../../shared/departure-of";
import { useDeviceResource } from "../../../shared/device-cache/use-device-resource";
import type { OutboxSnapshot } from "../../../shared/outbox/create-outbox";
import { PendingIndicator } from "../../../shared/outbox/pending-indicator";
import { useOutbox } from "../../../shared/outbox/use-outbox";
import { DriverSos } from "../../../shared/safety/sos-panels";
import { ConfirmDialog } from "../../../shared/ui/confirm-dialog";
import { Screen } from "../../../shared/ui/screen";
import { ErrorState, Loading } from "../../../shared/ui/states";
import { loadTodayRoutes } from "../load-today-routes";
import { GpsDeniedHelp } from "./gps-denied-help";
import {
  qrHashesOf,
  routeOfTrip,
  type ShownRider,
  type ShownTrip,
  showTrip,
  startsRoute,
  type TripKey,
  tripOfOfflineStart,
} from "./local-trip";
import { ManualBoardingSheet } from "./manual-boarding-sheet";
import { NoShowDialog } from "./no-show-dialog";
import { NotRidingList } from "./not-riding-list";
import { markTripOpened } from "./opened-trips";
import { handOverPositions } from "./position-sender";
import { RiderRow } from "./rider-row";
import { ScanSheet } from "./scan-sheet";
import { boardManually, endTrip, loadManifest, loadTrip, markNoShow, QUEUED_MESSAGE } from "./trip-api";
import { applyBookings, type NotRidingRider, tripServiceDate } from "./trip-bookings";
import { pendingRiders, pendingSentence, riderName } from "./trip-riders";
import "./trip.css";
import { TripStops } from "./trip-stops";
import { useCatchUp } from "./use-catch-up";
import { useElapsed } from "./use-elapsed";
import { GPS_LABELS, useTripGps } from "./use-trip-gps";
import { useWakeLock } from "./use-wake-lock";

/** Leaflet only loads when the trip screen has a position to show. */
const TripMap = lazy(() => import("./trip-map").then((m) => ({ default: m.TripMap })));

const LEAVE_DURING_TRIP =
  "La ruta sigue en curso: si sale, este teléfono deja de enviar la ubicación del bus hasta que vuelva a entrar.";

/** The Start (queued or just sent) that created a trip, by its actionId. */
const startOf = (outbox: OutboxSnapshot, ref: string) =>
  outbox.actions.find((action) => action.id === ref) ??
  outbox.recent.find((item) => item.action.id === ref)?.action;

/** The actionId of the offline Start whose trip is `id` (its actions may still carry it). */
const refOfTrip = (trips: OutboxSnapshot["trips"], id: number) =>
  Object.entries(trips).find(([, tripId]) => tripId === id)?.[0] ?? null;

/**
 * The driver's trip screen: `/viaje/<id>`, or `/viaje/l-<Start actionId>` for a trip started without
 * signal (it moves to `/viaje/<id>` once the server has the Start). What it shows is the last server
 * state kept on the phone with the phone's own actions applied, so every tap shows at once and a cold
 * start offline opens it; it catches up with the server by itself.
 */
export function TripPage() {
  const param = useParams().id ?? "";
  const navigate = useNavigate();
  const outbox = useOutbox();
  const startRef = param.startsWith("l-") ? param.slice(2) : null;
  const serverId = startRef === null && /^\d+$/.test(param) ? Number(param) : null;
  const resolvedId = startRef ? outbox.trips[startRef] : undefined;
  const ref = startRef ?? (serverId !== null ? refOfTrip(outbox.trips, serverId) : null);
  const key = useMemo<TripKey>(() => ({ id: serverId, ref }), [serverId, ref]);
  const today = useDeviceResource("today", loadTodayRoutes);
  const server = useDeviceResource(serverId !== null ? `trip:${serverId}` : null, () =>
    loadTrip(serverId ?? 0),
  );
  useEffect(() => markTripOpened(`/viaje/${param}`), [param]);
  useEffect(() => {
    if (typeof resolvedId === "number") navigate(`/viaje/${resolvedId}`, { replace: true });
  }, [resolvedId, navigate]);

  const start = startRef ? startOf(outbox, startRef) : undefined;
  let base: TripDetail | undefined;
  if (serverId !== null) base = server.data;
  else if (start) {
    const route = today.data?.find((item) => startsRoute(start, item));
    base = route ? tripOfOfflineStart(route, start) : undefined;
  }
  // The row of Hoy (kept on the phone) gives the riders' QR hashes and the route's stops.
  const route = base ? routeOfTrip(today.data, base) : undefined;
  const hashes = qrHashesOf(route);
  // The day's bookings (issue 35): who cancelled is folded as «No viaja», who was absent shows so.
  // Their date is the server's (the row of Hoy); the phone's reading only without a row.
  const routeId = base?.routeId ?? null;
  const serviceDate = base
    ? (route?.serviceDate ??
      tripServiceDate(base.startedDate, route?.stops[0]?.plannedTime ?? (route ? departureOf(route) : null)))
    : "";
  const manifest = useDeviceResource(routeId !== null ? `manifest:${routeId}:${serviceDate}` : null, () =>
    loadManifest(routeId ?? 0, serviceDate),
  );
  useCatchUp(
    () => Promise.all([server.reload(), manifest.reload()]).then(([answered]) => answered),
    key,
    outbox,
  );
  const shown = base
    ? showTrip(base, key, outbox, serverId !== null ? server.fetchedAt : null, hashes)
    : undefined;
  const booked = shown
    ? applyBookings(shown.riders, manifest.data, outbox, key, manifest.fetchedAt)
    : undefined;
  const trip = shown && booked ? { ...shown, riders: booked.riders } : undefined;
  const refused = startRef ? outbox.rejected.find((action) => action.id === startRef) : undefined;

  return (
    <Screen
      title={trip ? trip.routeName : "Ruta"}
      leaveWarning={trip?.status === "InProgress" ? LEAVE_DURING_TRIP : undefined}
    >
      {/* Scans, boardings and the End made offline wait here: "N pendientes de enviar". */}
      <PendingIndicator />
      {trip ? (
        <TripView
          trip={trip}
          tripKey={key}
          route={route}
          notRiding={booked?.notRiding ?? []}
          bookings={manifest.data !== undefined}
          fromDevice={server.fromDevice}
          savedAt={server.fetchedAt}
        />
      ) : serverId !== null && server.error ? (
        <ErrorState
          title="No se pudo cargar la ruta"
          error={server.error}
          onRetry={() => void server.reload()}
        />
      ) : startRef && (refused || resolvedId === null) ? (
        <div className="state" role="alert">
          <p className="state-title">La ruta no se pudo iniciar</p>
          {refused ? <p className="muted">{refused.message}</p> : null}
          <Link className="button" to="/hoy">
            Volver a Hoy
          </Link>
        </div>
      ) : startRef && !start && resolvedId === undefined ? (
        <div className="state" role="alert">
          <p className="state-title">No se encontró la ruta en este teléfono</p>
          <Link className="button" to="/hoy">
            Volver a Hoy
          </Link>
        </div>
      ) : (
        <Loading label="Cargando la ruta…" />
      )}
    </Screen>
  );
}

type Sheet = "scan" | "manual" | "end" | null;

function TripView(props: {
  trip: ShownTrip;
  tripKey: TripKey;
  /** The trip's row of Hoy: its stops, when the route has them. */
  route: TodayRoute | undefined;
  /** Riders whose booking says they do not ride this day (folded). */
  notRiding: readonly NotRidingRider[];
  /** The day's bookings are known: an expected rider can be marked «Ausente». */
  bookings: boolean;
  fromDevice: boolean;
  savedAt: number | null;
}) {
  const { trip, tripKey } = props;
  const stops = props.route?.stops ?? [];
  const running = trip.status === "InProgress";
  const navigate = useNavigate();
  const elapsed = useElapsed(trip.startedDate, trip.endedDate);
  const gps = useTripGps(running ? tripKey : null);
  useWakeLock(running);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [ending, setEnding] = useState(false);
  const [absent, setAbsent] = useState<ShownRider | null>(null);
  const pending = pendingRiders(trip.riders);
  const onNoShow = props.bookings && running ? setAbsent : undefined;

  const manual = async (employeeId: number, reason: string) => {
    const result = await boardManually(tripKey, employeeId, reason, gps.position);
    setSheet(null);
    const rider = trip.riders.find((item) => item.employeeId === employeeId);
    const name = result.status === "sent" ? riderName(result.data) : rider ? riderName(rider) : "";
    setNotice(
      result.status === "queued" ? `${name} abordó (sin QR). ${QUEUED_MESSAGE}.` : `${name} abordó (sin QR).`,
    );
  };

  const end = async () => {
    setEnding(true);
    try {
      // Positions the hub has not acknowledged go first: the trip sheet keeps every one of them.
      await handOverPositions();
      const result = await endTrip(tripKey);
      setSheet(null);
      if (result.status === "queued") setNotice(`Ruta finalizada. ${QUEUED_MESSAGE}.`);
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
          {trip.endUnsent ? <p className="unsent-note">Fin por enviar</p> : null}
        </div>
        {running ? (
          <span className={`gps gps-${gps.status}`} role="status">
            {GPS_LABELS[gps.status]}
          </span>
        ) : null}
      </div>
      {running && gps.status === "denied" ? <GpsDeniedHelp /> : null}
      {props.fromDevice && props.savedAt !== null ? (
        <p className="muted" data-testid="saved-copy">
          Datos guardados en el teléfono ({formatClock(new Date(props.savedAt).toISOString())}) con sus
          acciones aplicadas.
        </p>
      ) : null}
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
      {/* A trip started offline has no id yet: the server finds the driver's trip for the SOS. */}
      {running ? <DriverSos tripId={tripKey.id} position={gps.position} /> : null}

      {stops.length > 0 ? (
        // useElapsed re-renders the screen every second while the trip runs: the next stop follows the clock.
        <TripStops
          stops={stops}
          direction={props.route?.direction ?? null}
          riders={trip.riders}
          startedDate={trip.startedDate}
          running={running}
          now={new Date()}
          onNoShow={onNoShow}
        />
      ) : (
        <>
          <h2 className="section-title">Pasajeros ({trip.riders.length})</h2>
          {trip.riders.length === 0 ? <p className="muted">Esta ruta no tiene pasajeros asignados.</p> : null}
          <ul className="riders" aria-label="Pasajeros">
            {trip.riders.map((rider) => (
              <RiderRow key={rider.employeeId} rider={rider} finished={!running} onNoShow={onNoShow} />
            ))}
          </ul>
        </>
      )}
      <NotRidingList riders={props.notRiding} />

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
          trip={tripKey}
          riders={trip.riders}
          position={gps.position}
          onClose={() => setSheet(null)}
        />
      ) : null}
      {sheet === "manual" ? (
        <ManualBoardingSheet riders={pending} onSubmit={manual} onClose={() => setSheet(null)} />
      ) : null}
      {absent ? (
        <NoShowDialog
          rider={absent}
          position={gps.position}
          send={(employeeId, position) => markNoShow(tripKey, employeeId, position)}
          onDone={(message) => {
            setAbsent(null);
            setNotice(message);
          }}
          onCancel={() => setAbsent(null)}
        />
      ) : null}
      {sheet === "end" ? (
        <ConfirmDialog
          title="¿Finalizar la ruta?"
          confirmLabel="Finalizar"
          busy={ending}
          onConfirm={() => void end()}
          onCancel={() => setSheet(null)}
        >
          <p>{pendingSentence(pending, trip.riders.length)}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
