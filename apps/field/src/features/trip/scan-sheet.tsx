import { getErrorMessage, getErrorStatus } from "@treiber/client";
import { ALREADY_SCANNED_MESSAGE, type ScanResponse } from "@treiber/contract";
import { useCallback, useRef, useState } from "react";
import { useApiImage } from "../../shared/use-api-image";
import { markScan } from "./mark-scan";
import { QrScanner } from "./qr-scanner";
import { scanFeedback } from "./scan-feedback";
import { type Coordinates, QUEUED_MESSAGE, scanCode } from "./trip-api";
import { riderName } from "./trip-riders";

type Outcome =
  | { kind: "scanning" }
  | { kind: "sending" }
  | { kind: "boarded"; rider: ScanResponse }
  | { kind: "already"; rider: ScanResponse | null }
  | { kind: "queued" }
  | { kind: "refused"; message: string };

/**
 * "Escanear QR": the camera, then the answer (rider boarded with name and photo, "Ya abordó", saved
 * for later, or the server's Spanish message), then "Escanear otro" or "Cerrar".
 */
export function ScanSheet(props: {
  tripId: number;
  position: Coordinates | null;
  onBoarded: () => void;
  onClose: () => void;
}) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: "scanning" });
  // Codes already boarded on this screen: a second scan says "Ya abordó" without a call.
  const boarded = useRef(new Map<string, ScanResponse>());
  const { tripId, position, onBoarded } = props;

  const onRead = useCallback(
    async (code: string) => {
      scanFeedback();
      const known = boarded.current.get(code);
      if (known) return setOutcome({ kind: "already", rider: known });
      setOutcome({ kind: "sending" });
      try {
        const result = await scanCode(tripId, code, position).finally(() => markScan("treiber:scan-acked"));
        if (result.status === "queued") return setOutcome({ kind: "queued" });
        boarded.current.set(code, result.data);
        setOutcome({ kind: "boarded", rider: result.data });
        onBoarded();
      } catch (error) {
        const message = getErrorMessage(error);
        if (getErrorStatus(error) === 409 && message === ALREADY_SCANNED_MESSAGE) {
          setOutcome({ kind: "already", rider: null });
        } else setOutcome({ kind: "refused", message });
      }
    },
    [tripId, position, onBoarded],
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

function RiderCard(props: { rider: ScanResponse; title: string; tone: "ok" | "warn" }) {
  const { rider } = props;
  const photo = useApiImage(rider.image);
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
      return <RiderCard rider={outcome.rider} title="Abordó" tone="ok" />;
    case "already":
      return outcome.rider ? (
        <RiderCard rider={outcome.rider} title="Ya abordó" tone="warn" />
      ) : (
        <p className="scan-result scan-result-warn" role="status">
          <span className="scan-result-title">Ya abordó</span>
        </p>
      );
    case "queued":
      return (
        <p className="scan-result scan-result-warn" role="status">
          {QUEUED_MESSAGE}
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
