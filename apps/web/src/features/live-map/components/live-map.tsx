import { Badge, Flex, Tag, Typography } from "antd";
import { useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { SectionTitle } from "../../../shared/components/section-title";
import { BaseMap } from "../../../shared/map";
import { useHubReconnected } from "../../../shared/realtime";
import { useActiveTrips } from "../api/list-active-trips";
import { HubConnectionState, useHubState } from "../hooks/use-hub-state";
import { flaggedSummary, LiveMapAlerts } from "./live-map-alerts";
import { type FlaggedTrip, LiveMarkersLayer, type LiveTripInfo } from "./live-markers-layer";

export interface LiveMapProps {
  /** CSS height of the map. */
  height?: number;
  title?: string;
  /** Makes the title a link to this page (the dashboard's map leads to /listRoutes). */
  titleTo?: string;
}

const STATE_LABELS: Partial<
  Record<HubConnectionState, { text: string; status: "success" | "processing" | "default" | "error" }>
> = {
  [HubConnectionState.Connected]: { text: "En vivo", status: "success" },
  // Neutral while the page opens; red only once an attempt failed (useHubState).
  [HubConnectionState.Connecting]: { text: "Conectando…", status: "default" },
  [HubConnectionState.Reconnecting]: { text: "Reconectando…", status: "processing" },
};

/** Minimum time between list reloads caused by positions of trips that started after the last load. */
const UNKNOWN_TRIP_RELOAD_MS = 5_000;

/**
 * The live map: every trip in progress (IntermediateRoute/listActive) as a marker that moves as
 * `ReceivedDriverGeolocation` events arrive. Clicking a marker opens the trip in /listRoutes.
 */
export function LiveMap({ height = 480, title = "Rutas en curso", titleTo }: LiveMapProps) {
  const navigate = useNavigate();
  const active = useActiveTrips();
  const hubState = useHubState();
  const [count, setCount] = useState(0);
  const [flagged, setFlagged] = useState<FlaggedTrip[]>([]);
  const summary = flaggedSummary(flagged);
  const openTrip = (id: number) => navigate(`/listRoutes?trip=${id}`);
  const lastReload = useRef(0);

  useHubReconnected(() => void active.refetch());

  const trips = useMemo<LiveTripInfo[] | undefined>(() => active.data, [active.data]);
  const connection = STATE_LABELS[hubState] ?? {
    text: "Sin conexión en tiempo real",
    status: "error" as const,
  };

  const reloadForUnknownTrip = () => {
    const now = Date.now();
    if (now - lastReload.current < UNKNOWN_TRIP_RELOAD_MS) return;
    lastReload.current = now;
    void active.refetch();
  };

  return (
    <Flex vertical gap={8} data-testid="live-map">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <SectionTitle size={4} style={{ margin: 0 }}>
          {titleTo ? <Link to={titleTo}>{title}</Link> : title}
        </SectionTitle>
        <Flex gap={16} align="center">
          <Typography.Text data-testid="live-map-count">
            {active.isLoading ? "Cargando…" : `${count} ${count === 1 ? "ruta" : "rutas"} en el mapa`}
          </Typography.Text>
          {summary ? (
            <Tag color={flagged.some((trip) => trip.level === "critical") ? "red" : "orange"}>{summary}</Tag>
          ) : null}
          <Badge status={connection.status} text={connection.text} data-testid="live-map-connection" />
        </Flex>
      </Flex>
      {active.error ? <ErrorAlert error={active.error} onRetry={() => void active.refetch()} /> : null}
      <div style={{ position: "relative" }}>
        <BaseMap
          height={height}
          ariaLabel={summary ? `Mapa de rutas en curso: ${summary}` : "Mapa de rutas en curso"}
          preferCanvas
        >
          <LiveMarkersLayer
            trips={trips}
            onUnknownTrip={reloadForUnknownTrip}
            onOpenTrip={openTrip}
            onCount={setCount}
            onFlagged={setFlagged}
          />
        </BaseMap>
        {!active.isLoading && !active.error && count === 0 ? (
          <div
            style={{
              position: "absolute",
              inset: 0,
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              pointerEvents: "none",
              zIndex: 500,
            }}
          >
            <Typography.Text
              style={{ background: "rgba(255,255,255,0.9)", padding: "8px 16px", borderRadius: 8 }}
              data-testid="live-map-empty"
            >
              No hay rutas en curso
            </Typography.Text>
          </div>
        ) : null}
      </div>
      <LiveMapAlerts flagged={flagged} onOpenTrip={openTrip} />
    </Flex>
  );
}
