import type { CircleMarkerOptions } from "leaflet";
import type { AlertLevel } from "./trip-alerts";

/**
 * Filled circles without a stroke for the buses without incidents: a canvas redraw of 2,000 stroked
 * circles costs about ten times as much as filled ones. The translucent fill keeps overlapping
 * markers readable.
 */
const CALM: CircleMarkerOptions = { radius: 7, stroke: false, fillColor: "#1b5e20", fillOpacity: 0.85 };

/**
 * A bus with an unclosed incident stands out by more than its colour (issue 33): bigger, with a
 * white ring, red for a critical incident and amber for a warning. They are few, so their stroke
 * costs little.
 */
const ALERT: Record<Exclude<AlertLevel, null>, CircleMarkerOptions> = {
  critical: { radius: 11, stroke: true, color: "#ffffff", weight: 3, fillColor: "#cf1322", fillOpacity: 1 },
  warning: { radius: 9, stroke: true, color: "#ffffff", weight: 2, fillColor: "#d48806", fillOpacity: 1 },
};

export const markerStyle = (level: AlertLevel): CircleMarkerOptions => (level ? ALERT[level] : CALM);

/** The colours of the legend, as the markers draw them. */
export const LEGEND_COLORS = { calm: "#1b5e20", warning: "#d48806", critical: "#cf1322" } as const;
