import "./safety.css";
import { getErrorMessage } from "@treiber/client";
import { formatClock } from "@treiber/client/format";
import { SAFE_ARRIVAL_QUESTION, SAFETY_MESSAGES, type SafeArrivalCheck } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { HUB_EVENTS } from "@treiber/contract/hub-names";
import { useCallback, useEffect, useState } from "react";
import { QUEUED_MESSAGE } from "../outbox/send-field-action";
import { useOutbox } from "../outbox/use-outbox";
import { confirmArrival, loadPendingChecks } from "./safety-api";

/** What the prompt asks the server and how it hears of a new check (tests give their own). */
export type SafeArrivalApi = {
  pending: () => Promise<SafeArrivalCheck[]>;
  confirm: typeof confirmArrival;
  /** Calls `onCheck` on every `ReceiveSafeArrivalCheck` and `onReconnected` after a drop; returns stop. */
  listen: (onCheck: (check: unknown) => void, onReconnected: () => void) => () => void;
};

export const appSafeArrivalApi: SafeArrivalApi = {
  pending: loadPendingChecks,
  confirm: confirmArrival,
  listen(onCheck, onReconnected) {
    let listening = true;
    let stop = () => {};
    // The hub client loads on demand: it stays out of the first screen's script.
    void import("../hub")
      .then(({ appHub }) => {
        if (!listening) return;
        const hub = appHub();
        hub.on(HUB_EVENTS.receiveSafeArrivalCheck, onCheck);
        const stopReconnected = hub.onReconnected(onReconnected);
        void hub.start();
        stop = () => {
          hub.off(HUB_EVENTS.receiveSafeArrivalCheck, onCheck);
          stopReconnected();
        };
      })
      .catch(() => undefined);
    return () => {
      listening = false;
      stop();
    };
  },
};

/** The hub's argument as a check, or null when it is not one. */
export function checkOf(value: unknown): SafeArrivalCheck | null {
  if (!value || typeof value !== "object") return null;
  const check = value as Partial<SafeArrivalCheck>;
  if (typeof check.id !== "number" || typeof check.intermediateRouteId !== "number") return null;
  return {
    id: check.id,
    intermediateRouteId: check.intermediateRouteId,
    routeName: typeof check.routeName === "string" ? check.routeName : "",
    stopName: typeof check.stopName === "string" ? check.stopName : null,
    droppedAt: typeof check.droppedAt === "string" ? check.droppedAt : "",
    askAt: typeof check.askAt === "string" ? check.askAt : "",
    escalateAt: typeof check.escalateAt === "string" ? check.escalateAt : "",
  };
}

const CONFIRM_PATH = clientPath(API.safeArrival.confirm);

/**
 * «¿Llegó bien?» after a night drop: the rider's pending checks (`GET SafeArrival/pending`, again on
 * the hub's `ReceiveSafeArrivalCheck`, the connection back or the app shown), one prominent card
 * with «Sí, llegué bien» (`POST SafeArrival/confirm` through the outbox: kept offline too).
 */
export function SafeArrivalPrompt(props: { api?: SafeArrivalApi }) {
  const api = props.api ?? appSafeArrivalApi;
  const [checks, setChecks] = useState<SafeArrivalCheck[]>([]);
  const [answered, setAnswered] = useState<ReadonlySet<number>>(() => new Set());
  const [thanks, setThanks] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const outbox = useOutbox();

  const reload = useCallback(async () => {
    try {
      setChecks(await api.pending());
    } catch {
      // Offline: what is shown stays.
    }
  }, [api]);

  useEffect(() => {
    void reload();
    const stop = api.listen(
      (value) => {
        const check = checkOf(value);
        if (check) setChecks((list) => [...list.filter((item) => item.id !== check.id), check]);
        else void reload();
      },
      () => void reload(),
    );
    const onOnline = () => void reload();
    const onVisible = () => {
      if (document.visibilityState === "visible") void reload();
    };
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stop();
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [api, reload]);

  // A «Sí» kept on the phone counts at once (it reaches the server when the signal returns).
  const queued = new Set(
    outbox.actions.filter((action) => action.path === CONFIRM_PATH).map((action) => action.body.id),
  );
  const check = checks.find((item) => !answered.has(item.id) && !queued.has(item.id));

  const confirm = async (id: number) => {
    setBusy(true);
    setError(null);
    try {
      const result = await api.confirm(id);
      setAnswered((set) => new Set(set).add(id));
      setThanks(
        result.status === "sent"
          ? result.data.message || SAFETY_MESSAGES.arrived
          : `${SAFETY_MESSAGES.arrived}. ${QUEUED_MESSAGE}`,
      );
    } catch (cause) {
      setError(getErrorMessage(cause));
      void reload();
    } finally {
      setBusy(false);
    }
  };

  if (!check) {
    return thanks ? (
      <p className="notice arrival-thanks" role="status" data-testid="arrival-thanks">
        {thanks}
      </p>
    ) : null;
  }
  return (
    <section
      className="arrival"
      role="alertdialog"
      aria-labelledby="arrival-title"
      aria-describedby="arrival-text"
    >
      <p id="arrival-title" className="arrival-title">
        {SAFE_ARRIVAL_QUESTION}
      </p>
      <p id="arrival-text">
        {check.droppedAt ? `A las ${formatClock(check.droppedAt)} bajó` : "Bajó"} del bus {check.routeName}
        {check.stopName ? ` en ${check.stopName}` : ""}. Confírmenos que llegó bien.
      </p>
      <button
        type="button"
        className="button button-primary"
        disabled={busy}
        onClick={() => void confirm(check.id)}
      >
        Sí, llegué bien
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
