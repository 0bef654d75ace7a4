import type { BranchKey, DestinationKey } from "./demo-places.js";

/** Demo shifts (turnos): one branch office planned by shift (issue 23). */
export type ShiftSpec = {
  name: string;
  branch: BranchKey;
  direction: "inbound" | "outbound";
  time: string;
  days: number[];
};

export const SHIFTS: ShiftSpec[] = [
  { name: "Mañana", branch: "piantini", direction: "inbound", time: "08:00", days: [1, 2, 3, 4, 5] },
  { name: "Tarde", branch: "piantini", direction: "outbound", time: "17:00", days: [1, 2, 3, 4, 5] },
];

/**
 * Hand-drawn stops: one stop per home neighbourhood of the route's riders, the farthest from the
 * workplace first on the way in (nearest first on the way out), `gap` minutes apart from `firstStop`.
 * The planner will propose better ones.
 */
export type StopPlanSpec = { shift: string; firstStop: string; gap: number; seats?: number };

/** Existing demo routes (indexes into ROUTES) put on a shift. */
export const ROUTES_ON_SHIFTS: (StopPlanSpec & { route: number })[] = [
  { route: 0, shift: "Mañana", firstStop: "06:30", gap: 8 },
  { route: 2, shift: "Mañana", firstStop: "07:20", gap: 6, seats: 12 },
];

/**
 * One route per shift: the way home of a morning route's riders is a route of its own on the
 * Salida shift, leaving the workplace at the shift's time.
 */
export const RETURN_ROUTES: (StopPlanSpec & {
  name: string;
  description: string;
  /** The morning route (index into ROUTES) whose riders go home on it. */
  of: number;
  destination: DestinationKey;
  cost: string;
  drivers: number[];
})[] = [
  {
    name: "Parque Industrial Itabo – Piantini (Tarde)",
    description:
      "Regreso de la ruta de Itabo: sale del parque a las 17:00 y deja a cada colaborador en su parada.",
    of: 0,
    destination: "itabo",
    cost: "85.00",
    drivers: [1],
    shift: "Tarde",
    firstStop: "17:35",
    gap: 8,
  },
];
