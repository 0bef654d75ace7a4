import { useEffect, useState } from "react";
import {
  disableRiderPush,
  enableRiderPush,
  IN_PAGE_FALLBACK_TEXT,
  PUSH_UNAVAILABLE_TEXT,
  type PushAvailability,
  pushAvailability,
  riderPushEnabled,
} from "./rider-push";

export type RiderPushApi = {
  availability: () => PushAvailability;
  enabled: () => Promise<boolean>;
  enable: typeof enableRiderPush;
  disable: typeof disableRiderPush;
};

const browserPush: RiderPushApi = {
  availability: () => pushAvailability(),
  enabled: riderPushEnabled,
  enable: enableRiderPush,
  disable: disableRiderPush,
};

/** What the card says: its title, what comes by push, and where it shows without push. */
export type OptInTexts = { title: string; description: string; fallback: string };

const RIDER_TEXTS: OptInTexts = {
  title: "Avisos de mi bus",
  description: "Le avisamos cuando su bus sale, cuando llega en ~5 min y si va con retraso.",
  fallback: IN_PAGE_FALLBACK_TEXT,
};

/**
 * «Avisos de mi bus» (issue 25): the rider turns Web Push on for this phone (asks permission,
 * subscribes, sends the subscription) or off. Where push cannot work (iPhone outside the Home
 * Screen, blocked, unsupported) it says why: the alerts then appear in the page while it is open.
 * A driver gets the same card in «Avisos» with `texts` of their own (the router composes it).
 */
export function RiderAlertsOptIn({
  api = browserPush,
  texts = RIDER_TEXTS,
}: {
  api?: RiderPushApi;
  texts?: OptInTexts;
}) {
  const [availability, setAvailability] = useState<PushAvailability>(() => api.availability());
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (availability !== "available") return;
    let live = true;
    api
      .enabled()
      .then((value) => live && setEnabled(value))
      .catch(() => live && setEnabled(false));
    return () => {
      live = false;
    };
  }, [api, availability]);

  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      if (enabled) {
        await api.disable();
        setEnabled(false);
      } else {
        const result = await api.enable();
        if (result === "enabled") setEnabled(true);
        else setAvailability(result);
      }
    } catch {
      setError(
        enabled
          ? "No se pudieron desactivar los avisos. Intente de nuevo."
          : "No se pudieron activar los avisos. Intente de nuevo.",
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card rider-alerts" aria-labelledby="rider-alerts-title" data-testid="rider-alerts">
      <h2 id="rider-alerts-title" className="card-title">
        {texts.title}
      </h2>
      <p className="muted">{texts.description}</p>
      {availability === "available" ? (
        <>
          {enabled ? <p>Avisos activados en este teléfono.</p> : null}
          <button
            type="button"
            className="button"
            disabled={busy || enabled === null}
            onClick={() => void toggle()}
          >
            {enabled ? "Desactivar avisos" : "Activar avisos"}
          </button>
        </>
      ) : (
        <p data-testid="push-unavailable">
          {PUSH_UNAVAILABLE_TEXT[availability]} {texts.fallback}
        </p>
      )}
      {error ? <p role="alert">{error}</p> : null}
    </section>
  );
}
