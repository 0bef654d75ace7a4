import type { IncidentThresholdValues } from "@treiber/contract";

export interface ThresholdField {
  name: keyof IncidentThresholdValues;
  label: string;
  unit: string;
  /** Which rule the value feeds, for the form's groups. */
  group: "start" | "route" | "stop" | "gps";
}

/** The thresholds' form fields, in Spanish with their units, grouped by the rule they tune. */
export const THRESHOLD_FIELDS: readonly ThresholdField[] = [
  {
    name: "notStartedMinutes",
    label: "No ha salido: tras la salida planificada",
    unit: "min",
    group: "start",
  },
  {
    name: "lateMinutes",
    label: "Retraso: llegada prevista después de lo planificado",
    unit: "min",
    group: "start",
  },
  { name: "offRouteMeters", label: "Fuera de ruta: distancia al trazado", unit: "m", group: "route" },
  { name: "offRouteSeconds", label: "Fuera de ruta: durante al menos", unit: "s", group: "route" },
  {
    name: "offRoutePositions",
    label: "Fuera de ruta: posiciones seguidas",
    unit: "posiciones",
    group: "route",
  },
  { name: "onRouteMeters", label: "De vuelta en la ruta: a menos de", unit: "m", group: "route" },
  {
    name: "onRoutePositions",
    label: "De vuelta en la ruta: posiciones seguidas",
    unit: "posiciones",
    group: "route",
  },
  { name: "longDwellMinutes", label: "Detenido fuera de parada: más de", unit: "min", group: "stop" },
  { name: "noGpsMinutes", label: "Sin GPS: sin posición durante", unit: "min", group: "gps" },
  {
    name: "replayHorizonMinutes",
    label: "Posiciones reenviadas sin conexión: no abren incidencias de más de",
    unit: "min",
    group: "gps",
  },
  {
    name: "reopenAfterMinutes",
    label: "No reabrir una incidencia cerrada hace menos de",
    unit: "min",
    group: "gps",
  },
];
