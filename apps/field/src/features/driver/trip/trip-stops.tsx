import type { ShiftDirection, TodayStop } from "@treiber/contract";
import type { ShownRider } from "./local-trip";
import { arrangeStops, type TripStop } from "./next-stop";
import { RiderRow } from "./rider-row";
import { stopSummary } from "./trip-riders";

/**
 * The trip's stops (a route planned with stops, issue 23): the next stop first and highlighted, then
 * those after it, the passed ones folded at the end; each with its planned time and its riders'
 * boarding state. Riders on no stop follow. `now` is the screen's clock (it re-renders every second
 * while the trip runs).
 */
export function TripStops(props: {
  stops: readonly TodayStop[];
  direction: ShiftDirection | null;
  riders: readonly ShownRider[];
  startedDate: string | null;
  running: boolean;
  now: Date;
  /** «Ausente» on an expected rider (a trip with bookings). */
  onNoShow?: (rider: ShownRider) => void;
}) {
  const { direction, running, onNoShow } = props;
  const arranged = arrangeStops(props.stops, props.riders, {
    direction,
    now: props.now,
    startedAt: props.startedDate ? new Date(props.startedDate) : null,
    running,
  });
  const card = (stop: TripStop<ShownRider>, kind: StopKind) => (
    <StopCard
      key={stop.position}
      stop={stop}
      kind={kind}
      direction={direction}
      finished={!running}
      onNoShow={onNoShow}
    />
  );
  return (
    <>
      <h2 className="section-title">Paradas ({props.stops.length})</h2>
      <ul className="stops" aria-label={running ? "Próximas paradas" : "Paradas"}>
        {arranged.next ? card(arranged.next, "next") : null}
        {arranged.ahead.map((stop) => card(stop, "ahead"))}
      </ul>
      {arranged.passed.length > 0 ? (
        <details className="stops-passed">
          <summary>Paradas pasadas ({arranged.passed.length})</summary>
          <ul className="stops" aria-label="Paradas pasadas">
            {arranged.passed.map((stop) => card(stop, "passed"))}
          </ul>
        </details>
      ) : null}
      {arranged.withoutStop.length > 0 ? (
        <>
          <h2 className="section-title">Sin parada ({arranged.withoutStop.length})</h2>
          <ul className="riders" aria-label="Pasajeros sin parada">
            {arranged.withoutStop.map((rider) => (
              <RiderRow key={rider.employeeId} rider={rider} finished={!running} onNoShow={onNoShow} />
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

type StopKind = "next" | "ahead" | "passed";

function StopCard(props: {
  stop: TripStop<ShownRider>;
  kind: StopKind;
  direction: ShiftDirection | null;
  finished: boolean;
  onNoShow?: (rider: ShownRider) => void;
}) {
  const { stop, kind } = props;
  return (
    <li
      className={`stop stop-${kind}`}
      aria-label={`${kind === "next" ? "Próxima parada: " : ""}${stop.name}, ${stop.plannedTime}`}
      data-testid="trip-stop"
    >
      <div className="stop-head">
        <span className="stop-time">{stop.plannedTime}</span>
        <div className="stop-title">
          {kind === "next" ? <p className="stop-label">Próxima parada</p> : null}
          <p className="stop-name">
            {stop.position}. {stop.name}
          </p>
          {stop.address ? <p className="muted">{stop.address}</p> : null}
          <p className="muted">{stopSummary(stop.riders, props.direction)}</p>
        </div>
      </div>
      {stop.riders.length > 0 ? (
        <ul className="riders" aria-label={`Pasajeros de ${stop.name}`}>
          {stop.riders.map((rider) => (
            <RiderRow
              key={rider.employeeId}
              rider={rider}
              finished={props.finished}
              onNoShow={props.onNoShow}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
