import { formatClock, formatDistance, formatEta } from "@treiber/client/format";
import { API, clientPath } from "@treiber/contract/api-paths";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useOutbox } from "../../shared/outbox/use-outbox";
import { ShareTripCard } from "../../shared/safety/share-trip-card";
import { RiderSos } from "../../shared/safety/sos-panels";
import { etaBasisSentence, etaModelOf, etaTarget, etaTo, stopEtaSentence } from "./bus-eta";
import { createAnnouncements, crossedWithin, NEAR_THRESHOLD_M } from "./bus-notices";
import { CommentForm } from "./comment-form";
import { writeLastTrip } from "./last-trip";
import { cancelMyTrip, type MyBus } from "./load-my-bus";
import { loadMyHome } from "./load-my-home";
import { TripCommentCard } from "./trip-comment-card";
import { useBusPositions } from "./use-bus-positions";
import { useMyPosition } from "./use-my-position";

const BusMap = lazy(() => import("./bus-map"));
const announcements = createAnnouncements();

type Home = Awaited<ReturnType<typeof loadMyHome>>;

/** One trip in progress followed live: map, state, distance to me and ETA, cancel and comment. */
export function FollowedBus(props: {
  bus: MyBus;
  userId: number;
  notify: (title: string, body: string) => void;
  reload: () => void;
}) {
  const { bus, notify } = props;
  const { positions, finished } = useBusPositions(bus.tripId, bus.positions, props.reload);
  const [home, setHome] = useState<Home>(null);
  const phone = useMyPosition();
  const outbox = useOutbox();
  // A cancellation kept on the phone counts at once (it reaches the server when the signal returns).
  const cancelUnsent = outbox.actions.some(
    (action) =>
      action.path === clientPath(API.transportService.cancel) &&
      action.body.intermediateRouteId === bus.tripId,
  );
  const [cancelled, setCancelled] = useState(false);
  const myStatus = cancelUnsent || cancelled ? "Canceled" : bus.myStatus;

  useEffect(() => {
    writeLastTrip({ userId: props.userId, tripId: bus.tripId, routeName: bus.route.name });
  }, [props.userId, bus.tripId, bus.route.name]);
  useEffect(() => {
    let current = true;
    void loadMyHome().then((value) => current && setHome(value));
    return () => {
      current = false;
    };
  }, []);

  const last = positions.at(-1) ?? null;
  const me = phone.state.kind === "on" ? phone.state.position : home;
  const meLabel = phone.state.kind === "on" ? "su ubicación actual" : "su casa";
  // With a stop of their own on the route, the rider waits (or gets off) there: measure to it.
  const stop = bus.route.stop;
  const target = etaTarget(stop, me, meLabel);
  const targetLabel = target?.kind === "stop" ? `su parada (${target.name})` : meLabel;
  const measured = etaTo(positions, target, etaModelOf(bus.travelModel, new Date()), bus.stopsBefore);
  const distance = measured?.distanceMeters ?? null;
  const eta = measured?.eta ?? null;

  // "Your bus is near": once per trip, when it comes within 1 km.
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (distance === null || finished) return;
    if (crossedWithin(previous.current, distance) && announcements.claim("near", bus.tripId)) {
      notify("Su bus está cerca", `A ${formatDistance(distance)} de ${targetLabel}.`);
    }
    previous.current = distance;
  }, [distance, finished, bus.tripId, notify, targetLabel]);

  useEffect(() => {
    if (finished) notify("Su bus finalizó la ruta", bus.route.name);
  }, [finished, notify, bus.route.name]);

  const driver = bus.route.drivers[0];
  return (
    <>
      {/* Distance and ETA first: what a rider at the stop looks for, above the fold on a phone. */}
      {!finished && myStatus !== "Boarded" ? (
        <section className="card" aria-label="Distancia y llegada" aria-live="polite">
          {distance !== null && eta && target ? (
            <>
              <p className="bus-distance" data-testid="bus-distance">
                A {formatDistance(distance)} de {targetLabel}
              </p>
              <p data-testid="bus-eta">
                {target.kind === "stop"
                  ? stopEtaSentence(eta, target.plannedTime)
                  : `Llega en unos ${formatEta(eta.minutes)}`}
              </p>
              <p className="muted">
                {etaBasisSentence(eta)}
                {distance <= NEAR_THRESHOLD_M ? ". Su bus está cerca." : "."}
              </p>
            </>
          ) : (
            <p className="muted">
              {target
                ? "Esperando la ubicación del bus…"
                : "Sin ubicación suya registrada: use la del teléfono para ver la distancia."}
            </p>
          )}
          {target?.kind !== "stop" && phone.state.kind !== "on" ? (
            <button
              type="button"
              className="button"
              onClick={phone.start}
              disabled={phone.state.kind === "waiting"}
            >
              {phone.state.kind === "waiting" ? "Buscando su ubicación…" : "Usar mi ubicación"}
            </button>
          ) : null}
          {phone.state.kind === "failed" ? <p className="form-error">{phone.state.message}</p> : null}
        </section>
      ) : null}

      <section className="card" aria-label="Estado del viaje">
        <div className="card-head">
          <p className="card-title">{bus.route.name}</p>
          {finished ? (
            <span className="badge badge-finished">Finalizada</span>
          ) : (
            <span className="badge badge-in-progress">En curso</span>
          )}
        </div>
        <dl className="facts">
          <dt>Salió</dt>
          <dd>{formatClock(bus.startedDate)}</dd>
          {driver ? (
            <>
              <dt>Chofer</dt>
              <dd>
                {driver.name} {driver.lastname}
              </dd>
            </>
          ) : null}
          <dt>Destino</dt>
          <dd>{bus.route.destinationName ?? "—"}</dd>
          {stop ? (
            <>
              <dt>Su parada</dt>
              <dd>
                {stop.name} · {stop.plannedTime}
              </dd>
            </>
          ) : null}
          <dt>Usted</dt>
          <dd>
            {myStatus === "Boarded"
              ? "Abordó"
              : myStatus === "Canceled"
                ? "Canceló su viaje"
                : "Esperando el bus"}
            {cancelUnsent ? <span className="unsent-note"> · Por enviar</span> : null}
          </dd>
        </dl>
      </section>

      {/* Above the map: in reach without scrolling on a phone. */}
      {myStatus !== "Canceled" ? <RiderSos tripId={finished ? null : bus.tripId} /> : null}

      {last ? (
        <Suspense fallback={<div className="bus-map" aria-busy="true" />}>
          <BusMap bus={last} trail={positions} me={me} stop={stop} />
        </Suspense>
      ) : (
        <p className="notice">El bus aún no ha enviado su ubicación.</p>
      )}

      {!finished && myStatus !== "Canceled" ? (
        <ShareTripCard tripId={bus.tripId} routeName={bus.route.name} />
      ) : null}

      {!finished && myStatus === "Pending" ? (
        <section className="card" aria-label="Cancelar mi viaje">
          <p className="card-title">Cancelar mi viaje</p>
          <p className="muted">Si hoy no viajará, avise al chofer y a la administración.</p>
          <CommentForm
            label="Motivo"
            submitLabel="Cancelar mi viaje"
            confirmQuestion="¿Cancelar su viaje de hoy?"
            confirmLabel="Sí, cancelar mi viaje"
            onSend={(comment, actionId) =>
              cancelMyTrip({ intermediateRouteId: bus.tripId, comment, actionId })
            }
            onSent={(message) => {
              setCancelled(true);
              notify(message, "Su viaje de hoy quedó cancelado.");
            }}
          />
        </section>
      ) : null}

      {myStatus === "Boarded" || finished ? (
        <TripCommentCard trip={{ tripId: bus.tripId, routeName: bus.route.name }} />
      ) : null}
    </>
  );
}
