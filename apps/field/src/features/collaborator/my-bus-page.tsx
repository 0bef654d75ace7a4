import "./my-bus.css";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSession } from "../../shared/session";
import { Empty, ErrorState, Loading } from "../../shared/ui/states";
import { alertRider } from "./bus-alert";
import { createAnnouncements } from "./bus-notices";
import { FollowedBus } from "./followed-bus";
import { readLastTrip } from "./last-trip";
import { loadMyBus, type MyBus } from "./load-my-bus";
import { TripCommentCard } from "./trip-comment-card";

/** While no trip runs, look again this often (the bus may leave while the screen is open). */
const IDLE_POLL_MS = 30_000;

type State = { kind: "loading" } | { kind: "failed"; error: unknown } | { kind: "ready"; bus: MyBus | null };

const announcements = createAnnouncements();

/** "Mi bus": the trip of one of my routes in progress, live, with distance, ETA and notices. */
export function MyBusPage() {
  const session = useSession();
  const userId = session?.userId ?? 0;
  const [state, setState] = useState<State>({ kind: "loading" });
  const [banner, setBanner] = useState<string | null>(null);
  const requested = useRef(0);

  const notify = useCallback((title: string, body: string) => {
    setBanner(`${title}. ${body}`);
    alertRider(title, body);
  }, []);

  const load = useCallback(() => {
    const request = ++requested.current;
    loadMyBus().then(
      (bus) => {
        if (request !== requested.current) return;
        setState({ kind: "ready", bus });
        if (bus && announcements.claim("start", bus.tripId)) {
          notify("Su bus salió", `${bus.route.name} está en camino.`);
        }
      },
      (error: unknown) => request === requested.current && setState({ kind: "failed", error }),
    );
  }, [notify]);

  useEffect(load, [load]);

  const idle = state.kind === "ready" && state.bus === null;
  useEffect(() => {
    if (!idle) return;
    const timer = setInterval(load, IDLE_POLL_MS);
    return () => clearInterval(timer);
  }, [idle, load]);

  const bannerView = banner ? (
    <div className="bus-banner" role="status" aria-live="polite" data-testid="bus-banner">
      <span>{banner}</span>
      <button type="button" aria-label="Cerrar aviso" onClick={() => setBanner(null)}>
        ×
      </button>
    </div>
  ) : null;

  if (state.kind === "loading") return <Loading label="Buscando su bus…" />;
  if (state.kind === "failed") {
    return <ErrorState title="No se pudo cargar su bus" error={state.error} onRetry={load} />;
  }
  if (!state.bus) {
    const last = readLastTrip(userId);
    return (
      <div className="my-bus">
        {bannerView}
        <Empty title="Su bus no ha salido">
          Cuando el chofer inicie una de sus rutas la verá aquí en vivo. Se revisa cada 30 segundos.
        </Empty>
        {last ? <TripCommentCard trip={last} /> : null}
      </div>
    );
  }
  return (
    <div className="my-bus">
      {bannerView}
      <FollowedBus key={state.bus.tripId} bus={state.bus} userId={userId} notify={notify} reload={load} />
    </div>
  );
}
