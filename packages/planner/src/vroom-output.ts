/**
 * VROOM's output format (docs/API.md of VROOM-Project/vroom), with Treiber's extensions marked: a VROOM
 * client reads it as VROOM's; the extra keys are for Treiber.
 */

export type VroomViolation = { cause: string; duration?: number };

export type VroomStep = {
  type: "start" | "job" | "end";
  id?: number;
  /** Deprecated in VROOM but still written by it for jobs. */
  job?: number;
  description?: string;
  location?: number[];
  location_index?: number;
  setup: number;
  service: number;
  waiting_time: number;
  arrival: number;
  duration: number;
  load?: number[];
  distance?: number;
  violations: VroomViolation[];
  /** Treiber, on jobs with `max_ride`: seconds on board on the reported schedule (README.md). */
  ride?: number;
};

export type VroomRoute = {
  vehicle: number;
  cost: number;
  setup: number;
  service: number;
  duration: number;
  waiting_time: number;
  priority: number;
  delivery?: number[];
  pickup?: number[];
  distance?: number;
  description?: string;
  violations: VroomViolation[];
  steps: VroomStep[];
};

export type UnassignedReasonCode =
  | "no_location"
  | "skills"
  | "capacity"
  | "time_window"
  | "max_travel_time"
  | "max_distance"
  | "max_ride"
  | "max_tasks"
  | "fleet_full"
  | "remote";

export type VroomUnassigned = {
  id: number;
  type: "job";
  description?: string;
  location?: number[];
  location_index?: number;
  /** Treiber: why, in Spanish. */
  reason: string;
  /** Treiber: why, as a code. */
  reason_code: UnassignedReasonCode;
};

export type VroomSummary = {
  cost: number;
  routes: number;
  unassigned: number;
  setup: number;
  service: number;
  duration: number;
  waiting_time: number;
  priority: number;
  violations: VroomViolation[];
  delivery?: number[];
  pickup?: number[];
  distance?: number;
  computing_times: { loading: number; solving: number; routing: number };
};

export type VroomOutput = {
  code: number;
  error?: string;
  summary: VroomSummary;
  unassigned: VroomUnassigned[];
  routes: VroomRoute[];
};

export const UNASSIGNED_REASONS: Record<UnassignedReasonCode, string> = {
  no_location: "Sin ubicación",
  skills: "Ningún vehículo tiene las habilidades requeridas",
  capacity: "Sin asientos: no cabe en ningún vehículo",
  time_window: "Inalcanzable dentro de su horario o del horario de los vehículos",
  max_travel_time: "Inalcanzable dentro del tiempo de viaje máximo del vehículo",
  max_distance: "Inalcanzable dentro de la distancia máxima del vehículo",
  max_ride: "Inalcanzable dentro del viaje máximo",
  max_tasks: "Ningún vehículo admite más paradas",
  fleet_full: "Sin asientos: la flota no alcanza",
  remote: "Sin asignar por el servidor VROOM",
};
