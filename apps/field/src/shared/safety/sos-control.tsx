import "./safety.css";
import { getErrorMessage } from "@treiber/client";
import { formatClock } from "@treiber/client/format";
import { SAFETY_MESSAGES, SOS_COUNTDOWN_SECONDS, SOS_HOLD_MS } from "@treiber/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { newActionId } from "../outbox/send-field-action";
import { useOutbox } from "../outbox/use-outbox";
import { EmergencyCall } from "./emergency-call";
import { locateOnce } from "./locate-once";
import { type Fix, raiseSos } from "./safety-api";
import { followSos, SOS_FOLLOW_MS, useSosFollowUntil } from "./sos-follow";

export const SOS_OFFLINE_MESSAGE = "Sin conexión: la alerta se enviará al volver la señal";
export const SOS_CANCELLED_MESSAGE = "SOS cancelado: no se envió nada";
export const SOS_NO_POSITION_MESSAGE =
  "No se obtuvo su ubicación para enviar la alerta. Active la ubicación e intente de nuevo, o llame.";

type State =
  | { kind: "idle"; note?: string }
  | { kind: "holding" }
  | { kind: "counting"; left: number }
  | { kind: "sending" }
  | { kind: "sent"; message: string }
  | { kind: "queued"; actionId: string }
  | { kind: "refused"; message: string }
  | { kind: "no-position" };

export type SosControlProps = {
  /** The trip the SOS is about (null: the server finds it, if any). */
  intermediateRouteId: number | null;
  /** The branch office's emergency number, kept on the phone (`GET Sos/contact`). */
  emergencyPhone: string | null;
  /** A position the screen already knows (the driver's GPS), if the phone gives none in time. */
  knownPosition?: Fix | null;
  /** Tests: their own position and sender. */
  locate?: () => Promise<Fix | null>;
  raise?: typeof raiseSos;
  newId?: () => string;
};

const HOLD_KEYS = new Set([" ", "Enter"]);

/**
 * The «SOS» control: held 2 s (a ring fills), then «Enviando SOS en 5…» that «Cancelar» stops;
 * then `POST Sos` through the outbox with the phone's time and position. Kept offline: it says so
 * and offers a call to the branch office's emergency number. After it, the phone sends its
 * position every 10 s for 30 minutes (sos-follow).
 */
export function SosControl(props: SosControlProps) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const holdTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const locating = useRef<Promise<Fix | null> | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const followUntil = useSosFollowUntil();
  const outbox = useOutbox();

  const release = () => {
    clearTimeout(holdTimer.current);
    setState((current) => (current.kind === "holding" ? { kind: "idle" } : current));
  };
  const press = () => {
    if (state.kind === "counting" || state.kind === "sending" || state.kind === "holding") return;
    setState({ kind: "holding" });
    // The position is looked for while the person holds and counts down: ready when it is sent.
    locating.current = (props.locate ?? locateOnce)();
    clearTimeout(holdTimer.current);
    holdTimer.current = setTimeout(
      () => setState({ kind: "counting", left: SOS_COUNTDOWN_SECONDS }),
      SOS_HOLD_MS,
    );
  };
  useEffect(() => () => clearTimeout(holdTimer.current), []);

  const send = useCallback(async (): Promise<void> => {
    const current = propsRef.current;
    setState({ kind: "sending" });
    const recordedAt = new Date().toISOString();
    const fix =
      (await (locating.current ?? Promise.resolve(null)).catch(() => null)) ?? current.knownPosition;
    if (!fix) {
      setState({ kind: "no-position" });
      return;
    }
    const actionId = (current.newId ?? newActionId)();
    try {
      const result = await (current.raise ?? raiseSos)({
        ...(current.intermediateRouteId !== null ? { intermediateRouteId: current.intermediateRouteId } : {}),
        latitude: fix.latitude,
        longitude: fix.longitude,
        ...(fix.accuracy !== undefined ? { accuracy: Math.min(fix.accuracy, 100_000) } : {}),
        recordedAt,
        actionId,
      });
      if (result.status === "sent") {
        followSos(Date.parse(result.data.followUntil) || Date.now() + SOS_FOLLOW_MS, fix);
        setState({ kind: "sent", message: result.data.message || SAFETY_MESSAGES.sosSent });
      } else {
        followSos(Date.now() + SOS_FOLLOW_MS, fix);
        setState({ kind: "queued", actionId });
      }
    } catch (error) {
      setState({ kind: "refused", message: getErrorMessage(error) });
    }
  }, []);

  const counting = state.kind === "counting" ? state.left : null;
  useEffect(() => {
    if (counting === null) return;
    const timer = setTimeout(() => {
      if (counting > 1) setState({ kind: "counting", left: counting - 1 });
      else void send();
    }, 1000);
    return () => clearTimeout(timer);
  }, [counting, send]);

  // A queued SOS that left the queue: the server has it now (or refused it: the banner says so).
  const queuedId = state.kind === "queued" ? state.actionId : null;
  const stillQueued = queuedId !== null && outbox.actions.some((action) => action.id === queuedId);
  const refusedLater = queuedId ? outbox.rejected.find((action) => action.id === queuedId) : undefined;
  const seenQueued = useRef<string | null>(null);
  if (stillQueued) seenQueued.current = queuedId;
  useEffect(() => {
    if (queuedId === null || stillQueued || seenQueued.current !== queuedId) return;
    setState(
      refusedLater
        ? { kind: "refused", message: refusedLater.message }
        : { kind: "sent", message: SAFETY_MESSAGES.sosSent },
    );
  }, [queuedId, stillQueued, refusedLater]);

  // «Cancelar» opens under the finger that held SOS: the click a phone makes when that finger lifts
  // must not cancel. Only a press that starts on «Cancelar» (or the keyboard) does.
  const cancelPressed = useRef(false);
  const holding = state.kind === "holding";
  return (
    <section className="card sos" aria-label="Emergencia">
      <button
        type="button"
        className={`sos-button${holding ? " sos-holding" : ""}`}
        aria-label="SOS"
        aria-describedby="sos-hint"
        disabled={state.kind === "counting" || state.kind === "sending"}
        style={{ ["--sos-hold" as string]: `${SOS_HOLD_MS}ms` }}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          press();
        }}
        onPointerUp={release}
        onTouchEnd={(event) => {
          // No click from the lifted finger once the countdown is on screen.
          if (state.kind !== "idle" && state.kind !== "holding") event.preventDefault();
        }}
        onPointerCancel={release}
        onPointerLeave={release}
        onKeyDown={(event) => {
          if (!HOLD_KEYS.has(event.key)) return;
          event.preventDefault();
          if (!event.repeat) press();
        }}
        onKeyUp={(event) => HOLD_KEYS.has(event.key) && release()}
        onContextMenu={(event) => event.preventDefault()}
      >
        <svg className="sos-ring" viewBox="0 0 120 120" aria-hidden="true">
          <circle cx="60" cy="60" r="54" className="sos-ring-track" />
          <circle cx="60" cy="60" r="54" className="sos-ring-fill" pathLength={100} />
        </svg>
        <span className="sos-label">SOS</span>
      </button>
      <p id="sos-hint" className="muted sos-hint">
        {holding ? "Siga presionando…" : "Mantenga presionado 2 segundos para pedir ayuda"}
      </p>

      {state.kind === "counting" || state.kind === "sending" ? (
        <div className="overlay overlay-sos">
          <div className="sheet sos-sheet" role="alertdialog" aria-modal="true" aria-labelledby="sos-count">
            <p id="sos-count" className="sos-count" aria-live="assertive">
              {state.kind === "counting" ? `Enviando SOS en ${state.left}…` : "Enviando SOS…"}
            </p>
            <button
              type="button"
              className="button sos-cancel"
              disabled={state.kind === "sending"}
              onPointerDown={() => {
                cancelPressed.current = true;
              }}
              onClick={(event) => {
                const fromKeyboard = event.detail === 0;
                if (!fromKeyboard && !cancelPressed.current) return;
                cancelPressed.current = false;
                setState({ kind: "idle", note: SOS_CANCELLED_MESSAGE });
              }}
            >
              Cancelar
            </button>
          </div>
        </div>
      ) : null}

      {state.kind === "idle" && state.note ? (
        <p className="muted" role="status">
          {state.note}
        </p>
      ) : null}
      {state.kind === "sent" ? (
        <p className="sos-result" role="status">
          {state.message}
        </p>
      ) : null}
      {state.kind === "queued" ? (
        <p className="sos-result sos-result-warn" role="alert">
          {SOS_OFFLINE_MESSAGE}
        </p>
      ) : null}
      {state.kind === "refused" ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.kind === "no-position" ? (
        <p className="form-error" role="alert">
          {SOS_NO_POSITION_MESSAGE}
        </p>
      ) : null}
      {state.kind === "queued" || state.kind === "refused" || state.kind === "no-position" ? (
        <EmergencyCall phone={props.emergencyPhone} />
      ) : null}
      {followUntil !== null ? (
        <p className="muted" data-testid="sos-following">
          Enviando su ubicación al centro de control hasta las{" "}
          {formatClock(new Date(followUntil).toISOString())}
        </p>
      ) : null}
    </section>
  );
}
