import "./my-bus.css";
import { HUB_EVENTS } from "@treiber/contract/hub-names";
import { useCallback, useEffect, useState } from "react";
import { useDeviceResource } from "../../shared/device-cache/use-device-resource";
import { appHub } from "../../shared/hub";
import { RiderSos } from "../../shared/safety/sos-panels";
import { useSession } from "../../shared/session";
import { Empty, ErrorState, Loading } from "../../shared/ui/states";
import { alertRider } from "./bus-alert";
import { createAnnouncements } from "./bus-notices";
import { FollowedBus } from "./followed-bus";
import { readLastTrip } from "./last-trip";
import { loadMyBus } from "./load-my-bus";
import { RiderAlertsOptIn } from "./rider-alerts-opt-in";
import { riderAlertTextOf } from "./rider-push";
import { TripCommentCard } from "./trip-comment-card";

/** While no trip runs, look again this often anyway (the hub tells at once; this covers a lost event). */
const IDLE_POLL_MS = 60_000;

const announcements = createAnnouncements();

/**
 * "Mi bus": the trip of one of my routes in progress, live, with distance, ETA and notices. The hub
 * says when one of my routes starts (`StartIntermediateRoute`); the last answer is kept on the phone.
 */
export function MyBusPage() {
  const session = useSession();
  const userId = session?.userId ?? 0;
  const bus = useDeviceResource("my-bus", loadMyBus);
  const [banner, setBanner] = useState<string | null>(null);
  const { reload } = bus;

  const notify = useCallback((title: string, body: string) => {
    setBanner(`${title}. ${body}`);
    alertRider(title, body);
  }, []);

  const current = bus.data ?? null;
  useEffect(() => {
    if (current && !bus.fromDevice && announcements.claim("start", current.tripId)) {
      notify("Su bus salió", `${current.route.name} está en camino.`);
    }
  }, [current, bus.fromDevice, notify]);

  // A departure is pushed by the hub; back online, the screen asks again. The server's rider alerts
  // (left, ~5 min, late) show in the page too: the fallback without Web Push, and while the app is open.
  useEffect(() => {
    const hub = appHub();
    const onStart = () => void reload();
    const onOnline = () => void reload();
    const onRiderAlert = (alert: unknown) => {
      const text = riderAlertTextOf(alert);
      if (text) setBanner(text);
    };
    hub.on(HUB_EVENTS.startIntermediateRoute, onStart);
    hub.on(HUB_EVENTS.receiveRiderAlert, onRiderAlert);
    window.addEventListener("online", onOnline);
    void hub.start();
    return () => {
      hub.off(HUB_EVENTS.startIntermediateRoute, onStart);
      hub.off(HUB_EVENTS.receiveRiderAlert, onRiderAlert);
      window.removeEventListener("online", onOnline);
    };
  }, [reload]);

  const idle = bus.data === null;
  useEffect(() => {
    if (!idle) return;
    const timer = setInterval(() => void reload(), IDLE_POLL_MS);
    return () => clearInterval(timer);
  }, [idle, reload]);

  const reloadNow = useCallback(() => void reload(), [reload]);
  const bannerView = banner ? (
    <div className="bus-banner" role="status" aria-live="polite" data-testid="bus-banner">
      <span>{banner}</span>
      <button type="button" aria-label="Cerrar aviso" onClick={() => setBanner(null)}>
        ×
      </button>
    </div>
  ) : null;

  if (bus.data === undefined) {
    if (bus.error)
      return <ErrorState title="No se pudo cargar su bus" error={bus.error} onRetry={reloadNow} />;
    return <Loading label="Buscando su bus…" />;
  }
  if (bus.data === null) {
    const last = readLastTrip(userId);
    return (
      <div className="my-bus">
        {bannerView}
        <Empty title="Su bus no ha salido">
          Cuando el chofer inicie una de sus rutas la verá aquí en vivo, con la distancia y la hora de
          llegada.
        </Empty>
        <RiderSos tripId={null} />
        {last ? <TripCommentCard trip={last} /> : null}
        <RiderAlertsOptIn />
      </div>
    );
  }
  return (
    <div className="my-bus">
      {bannerView}
      {bus.fromDevice ? (
        <p className="muted" data-testid="saved-copy">
          Sin conexión: se muestra lo último que se recibió.
        </p>
      ) : null}
      <FollowedBus key={bus.data.tripId} bus={bus.data} userId={userId} notify={notify} reload={reloadNow} />
      <RiderAlertsOptIn />
    </div>
  );
}
