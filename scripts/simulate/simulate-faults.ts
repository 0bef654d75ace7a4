/**
 * `npm run simulate -- --faults late,detour,skip,dwell,gps-gap` (issue 25 point 5): the names the
 * command takes, each mapped to a fault of the trip simulator in @treiber/incidents and to the
 * incident it must open on the server. English names (the issue's) and Spanish ones are aliases.
 */
import { FAULT_INCIDENT, FAULTS, type Fault, type IncidentType } from "@treiber/incidents";

/** Every name `--faults` takes → the simulator's fault. */
export const FAULT_ALIASES: Readonly<Record<string, Fault>> = {
  late: "late",
  retraso: "late",
  detour: "detour",
  desvio: "detour",
  desvío: "detour",
  skip: "skip",
  "salta-parada": "skip",
  dwell: "dwell",
  "parada-larga": "dwell",
  "gps-gap": "gps-gap",
  "sin-gps": "gps-gap",
  "not-started": "not-started",
  "no-inicia": "not-started",
};

/**
 * The faults a command can inject into a real server: not `over-capacity`, which the simulator
 * makes by lowering its own seat count (the server counts the route's seats).
 */
export const COMMAND_FAULTS: readonly Fault[] = FAULTS.filter((fault) => fault !== "over-capacity");

/** What each fault does to the trip, in Spanish (for `--help`). */
export const FAULT_HELP: Readonly<Partial<Record<Fault, string>>> = {
  late: "atasco: 5–8 min de camino a un quinto de la velocidad",
  detour: "se desvía 600–900 m de la ruta y vuelve",
  skip: "pasa de largo por una parada con pasajeros",
  dwell: "se detiene 13–18 min lejos de las paradas",
  "gps-gap": "3,5–5 min sin posiciones (luego llegan tarde o se pierden)",
  "not-started": "espera 18–25 min antes de iniciar",
};

/** `late,desvio,sin-gps` → the simulator's faults (repeats once); `all`/`todas`: every one. */
export function parseFaults(text: string | undefined): Fault[] {
  if (!text?.trim()) return [];
  const faults = new Set<Fault>();
  for (const raw of text.split(",")) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    if (name === "all" || name === "todas") {
      for (const fault of COMMAND_FAULTS) faults.add(fault);
      continue;
    }
    const fault = FAULT_ALIASES[name];
    if (!fault) {
      throw new Error(
        `Falla desconocida «${raw.trim()}»: use ${Object.keys(FAULT_ALIASES).join(", ")} o all`,
      );
    }
    faults.add(fault);
  }
  return [...faults];
}

/** The incident the server should open for each fault. */
export const incidentOf = (fault: Fault): IncidentType => FAULT_INCIDENT[fault];
