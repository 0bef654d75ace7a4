import "./safety.css";
import { getErrorMessage } from "@treiber/client";
import { formatClock } from "@treiber/client/format";
import type { TripShareCreateResponse } from "@treiber/contract";
import { useState } from "react";
import { sessionStore } from "../session";
import { createTripShare, revokeTripShare } from "./safety-api";

/** How the card shares and copies (tests give their own). */
export type ShareApi = {
  create: (tripId: number) => Promise<TripShareCreateResponse>;
  revoke: (token: string) => Promise<void>;
  /** The phone's share sheet, or null where there is none (then the link is shown to copy). */
  share: ((data: ShareData) => Promise<void>) | null;
  copy: (text: string) => Promise<void>;
};

export const browserShareApi = (): ShareApi => ({
  create: createTripShare,
  revoke: revokeTripShare,
  share:
    typeof navigator !== "undefined" && typeof navigator.share === "function"
      ? (data) => navigator.share(data)
      : null,
  copy: async (text) => {
    if (!navigator.clipboard) throw new Error("Sin portapapeles");
    await navigator.clipboard.writeText(text);
  },
});

/** Per account and trip: a phone shared by two riders never shows one's link to the other. */
const storageKey = (tripId: number) =>
  `treiber-trip-share:${sessionStore.getSession()?.userId ?? 0}:${tripId}`;

function readShare(tripId: number): TripShareCreateResponse | null {
  try {
    const raw = localStorage.getItem(storageKey(tripId));
    const share = raw ? (JSON.parse(raw) as TripShareCreateResponse) : null;
    return share && Date.parse(share.expiresAt) > Date.now() ? share : null;
  } catch {
    return null;
  }
}

function keepShare(tripId: number, share: TripShareCreateResponse | null): void {
  try {
    if (share) localStorage.setItem(storageKey(tripId), JSON.stringify(share));
    else localStorage.removeItem(storageKey(tripId));
  } catch {
    // Private mode: the link is known while the screen stays open.
  }
}

const isAbort = (error: unknown) => error instanceof Error && error.name === "AbortError";

/**
 * «Compartir mi viaje»: a link to follow the bus without an account (`POST TripShare`), sent with
 * the phone's share sheet (WhatsApp, SMS…) or shown with «Copiar»; «Dejar de compartir» revokes it.
 */
export function ShareTripCard(props: { tripId: number; routeName: string; api?: ShareApi }) {
  const [api] = useState(() => props.api ?? browserShareApi());
  const [share, setShare] = useState(() => readShare(props.tripId));
  const [showLink, setShowLink] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (link: TripShareCreateResponse) => {
    if (!api.share) {
      setShowLink(true);
      return;
    }
    try {
      await api.share({
        title: "Mi viaje en Treiber",
        text: `Siga mi bus (${props.routeName}) en vivo:`,
        url: link.url,
      });
    } catch (cause) {
      // Closed by the person: nothing to say. Any other failure: the link to copy.
      if (!isAbort(cause)) setShowLink(true);
    }
  };

  const start = async () => {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const link = share ?? (await api.create(props.tripId));
      keepShare(props.tripId, link);
      setShare(link);
      await send(link);
    } catch (cause) {
      setError(getErrorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!share) return;
    try {
      await api.copy(share.url);
      setNote("Enlace copiado");
    } catch {
      setNote("No se pudo copiar: mantenga presionado el enlace para copiarlo");
    }
  };

  const stop = async () => {
    if (!share) return;
    setBusy(true);
    setError(null);
    try {
      await api.revoke(share.token);
      keepShare(props.tripId, null);
      setShare(null);
      setShowLink(false);
      setNote("Dejó de compartir su viaje: el enlace ya no funciona");
    } catch (cause) {
      setError(getErrorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-label="Compartir mi viaje">
      <p className="card-title">Compartir mi viaje</p>
      <p className="muted">
        {share
          ? `Quien tenga el enlace ve su bus en vivo; vence a las ${formatClock(share.expiresAt)}`
          : "Envíe un enlace para que su familia siga su bus en vivo, sin cuenta."}
      </p>
      {showLink && share ? (
        <>
          <label className="muted" htmlFor="share-link">
            Enlace para compartir
          </label>
          <input
            id="share-link"
            className="share-link"
            readOnly
            value={share.url}
            onFocus={(event) => event.currentTarget.select()}
          />
        </>
      ) : null}
      <div className="share-actions">
        {showLink && share ? (
          <button type="button" className="button button-primary" onClick={() => void copy()}>
            Copiar
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void start()}
          >
            {share ? "Compartir de nuevo" : "Compartir mi viaje"}
          </button>
        )}
        {share ? (
          <button type="button" className="button" disabled={busy} onClick={() => void stop()}>
            Dejar de compartir
          </button>
        ) : null}
      </div>
      {note ? (
        <p className="muted" role="status">
          {note}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
