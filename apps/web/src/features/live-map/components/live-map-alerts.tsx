import { Button, Flex, Typography } from "antd";
import { LEGEND_COLORS } from "../lib/alert-style";
import type { FlaggedTrip } from "./live-markers-layer";

const dot = (color: string, size: number, ring = false) => (
  <span
    aria-hidden
    style={{
      display: "inline-block",
      width: size,
      height: size,
      borderRadius: "50%",
      background: color,
      boxShadow: ring ? "0 0 0 2px #fff, 0 0 0 3px #bfbfbf" : undefined,
      verticalAlign: "middle",
      marginInlineEnd: 6,
    }}
  />
);

/** «1 con incidencia crítica, 2 con advertencia», or null without any. */
export function flaggedSummary(flagged: readonly FlaggedTrip[]): string | null {
  const critical = flagged.filter((trip) => trip.level === "critical").length;
  const warning = flagged.length - critical;
  const parts = [
    critical > 0 ? `${critical} con incidencia crítica` : null,
    warning > 0 ? `${warning} con advertencia` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}

/**
 * Under the live map (issue 33): the legend of its markers and, for keyboards and screen readers
 * (the markers are drawn on a canvas), the buses with an unclosed incident, critical first; each
 * opens its trip.
 */
export function LiveMapAlerts({
  flagged,
  onOpenTrip,
}: {
  flagged: readonly FlaggedTrip[];
  onOpenTrip: (tripId: number) => void;
}) {
  return (
    <Flex vertical gap={4}>
      <Flex gap={16} wrap role="note" aria-label="Leyenda del mapa">
        <Typography.Text type="secondary">{dot(LEGEND_COLORS.calm, 10)}Sin incidencias</Typography.Text>
        <Typography.Text type="secondary">{dot(LEGEND_COLORS.warning, 13, true)}Advertencia</Typography.Text>
        <Typography.Text type="secondary">
          {dot(LEGEND_COLORS.critical, 16, true)}Incidencia crítica
        </Typography.Text>
      </Flex>
      {flagged.length > 0 ? (
        <ul
          aria-label="Buses con incidencias"
          style={{ margin: 0, padding: 0, listStyle: "none" }}
          data-testid="live-map-flagged"
        >
          {flagged.map((trip) => (
            <li key={trip.tripId}>
              <Button
                type="link"
                size="small"
                danger={trip.level === "critical"}
                onClick={() => onOpenTrip(trip.tripId)}
                style={{ paddingInline: 0 }}
              >
                {dot(trip.level === "critical" ? LEGEND_COLORS.critical : LEGEND_COLORS.warning, 10)}
                {trip.routeName} — {trip.description}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}
