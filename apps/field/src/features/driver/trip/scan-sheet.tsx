import { getErrorMessage, getErrorStatus } from "@treiber/client";
import { ALREADY_SCANNED_MESSAGE } from "@treiber/contract/messages";
import { useCallback, useRef, useState } from "react";
import { sha256Hex } from "../../../shared/sha256-hex";
import { useApiImage } from "../../../shared/use-api-image";
import type { ShownRider, TripKey } from "./local-trip";
import { markScan } from "./mark-scan";
import { QrScanner } from "./qr-scanner";
import { scanFeedback } from "./scan-feedback";
import { type Coordinates, QUEUED_MESSAGE, scanCode } from "./trip-api";
import { riderName } from "./trip-riders";

/** Who a scan is about: the server's answer, or the rider the phone recognised from its roster. */
type Person = { name: string; lastname: string; codeEmployee: string; image?: string | null };

type Outcome =
  | { kind: "scanning" }
  | { kind: "sending" }
  | { kind: "boarded"; rider: Person; unsent: boolean }
  | { kind: "already"; rider: Person | null }
  | { kind: "queued-unknown" }
  | { kind: "refused"; message: string };

/**
 * "Escanear QR": the camera, then the answer: the rider boarded (with name and photo; "por enviar"
 * when it waits on the phone), "Ya abordó: <nombre>", or the server's Spanish message; then
 * "Escanear otro" or "Cerrar". The phone recognises the riders of the route by their QR's hash, so a
 * scan without signal shows the rider at once and a second scan of a boarded rider sends nothing.
 */
export function ScanSheet(props: {
  trip: TripKey;
  riders: readonly ShownRider[];
  position: Coordinates | null;
  onClose: () => void;
}) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: "scanning" });
  const riders = useRef(props.riders);
  riders.current = props.riders;
  // Codes the server boarded on this screen: a second scan says "Ya abordó" without a call.
  const boarded = useRef(new Map<string, Person>());
  const { trip, position } = props;

  const onRead = useCallback(
    async (code: string) => {
      scanFeedback();
      const again = boarded.current.get(code);
      if (again) return setOutcome({ kind: "already", rider: again });
      const hash = await sha256Hex(code).catch(() => null);
      const known = hash ? riders.current.find((rider) => rider.codeQrHash === hash) : undefined;
      if (known && known.status === "Boarded") return setOutcome({ kind: "already", rider: known });
      setOutcome({ kind: "sending" });
      try {
        const result = await scanCode(trip, code, position, { employeeId: known?.employeeId }).finally(() =>
          markScan("treiber:scan-acked"),
        );
        if (result.status === "sent") {
          boarded.current.set(code, result.data);
          setOutcome({ kind: "boarded", rider: result.data, unsent: false });
        } else if (known) setOutcome({ kind: "boarded", rider: known, unsent: true });
        else setOutcome({ kind: "queued-unknown" });
      } catch (error) {
        const message = getErrorMessage(error);
        if (getErrorStatus(error) === 409 && message === ALREADY_SCANNED_MESSAGE) {
          setOutcome({ kind: "already", rider: known ?? null });
        } else setOutcome({ kind: "refused", message });
      }
    },
    [trip, position],
  );

  return (
    <div className="overlay overlay-dark">
      <section className="scan-sheet" role="dialog" aria-modal="true" aria-label="Escanear QR">
        {outcome.kind === "scanning" ? <QrScanner onRead={onRead} /> : <ScanOutcome outcome={outcome} />}
        <div className="sheet-actions">
          <button type="button" className="button" onClick={props.onClose}>
            Cerrar
          </button>
          {outcome.kind !== "scanning" && outcome.kind !== "sending" ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setOutcome({ kind: "scanning" })}
            >
              Escanear otro
            </button>
          ) : null}
        </div>
      </section>
    </div>
  );
}

function RiderCard(props: { rider: Person; title: string; tone: "ok" | "warn"; note?: string }) {
  const { rider } = props;
  const photo = useApiImage(rider.image ?? null);
  return (
    <div className={`scan-result scan-result-${props.tone}`} role="status">
      {photo ? (
        <img className="avatar" src={photo} alt="" />
      ) : (
        <span className="avatar avatar-initials" aria-hidden="true">
          {rider.name.charAt(0)}
          {rider.lastname.charAt(0)}
        </span>
      )}
      <p className="scan-result-title">{props.title}</p>
      <p className="person-name">{riderName(rider)}</p>
      <p className="muted">{rider.codeEmployee}</p>
      {props.note ? <p className="unsent-note">{props.note}</p> : null}
    </div>
  );
}

function ScanOutcome(props: { outcome: Exclude<Outcome, { kind: "scanning" }> }) {
  const { outcome } = props;
  switch (outcome.kind) {
    case "sending":
      return (
        <p className="scan-result" role="status">
          Registrando…
        </p>
      );
    case "boarded":
      return (
        <RiderCard
          rider={outcome.rider}
          title="Abordó"
          tone="ok"
          note={outcome.unsent ? "Por enviar: se registrará al volver la conexión" : undefined}
        />
      );
    case "already":
      return outcome.rider ? (
        <RiderCard rider={outcome.rider} title={`Ya abordó: ${riderName(outcome.rider)}`} tone="warn" />
      ) : (
        <p className="scan-result scan-result-warn" role="status">
          <span className="scan-result-title">Ya abordó</span>
        </p>
      );
    case "queued-unknown":
      return (
        <p className="scan-result scan-result-warn" role="status">
          {QUEUED_MESSAGE}. Este QR no está en la lista de la ruta guardada en el teléfono: el servidor lo
          verificará.
        </p>
      );
    case "refused":
      return (
        <p className="scan-result scan-result-error" role="alert">
          {outcome.message}
        </p>
      );
  }
}
