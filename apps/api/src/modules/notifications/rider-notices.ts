/**
 * What a rider is told when their route changes (issue 33): Planning's «Aplicar» and an admin's
 * addRoute/removeRoute. Each is a notification of the rider's own, listed in Treiber App's «Avisos»
 * and sent by the hub and Web Push. Times as Treiber App shows them ('5:42 a. m.').
 */

export const ROUTE_CHANGED_TITLE = "Tu ruta cambió";

/** An 'HH:mm' (or 'HH:mm:ss') wall-clock time as Treiber App shows it: '5:42 a. m.', '12:30 p. m.'. */
export function clockOf(value: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? "a. m." : "p. m."}`;
}

const at = (time: string | null) => (time ? ` a las ${clockOf(time)}` : "");

export const riderNotice = {
  /** A stop (new, or on another route) with its planned time. */
  newStop: (stop: string, time: string | null, route: string) =>
    `Tu ruta cambió: nueva parada «${stop}»${at(time)} (ruta ${route})`,
  /** The same stop of the same route, at another planned time. */
  stopTime: (stop: string, time: string | null, route: string) =>
    time
      ? `Tu ruta cambió: tu parada «${stop}» ahora es a las ${clockOf(time)} (ruta ${route})`
      : `Tu ruta cambió: tu parada «${stop}» ya no tiene hora fija (ruta ${route})`,
  /** A route with no stop of theirs (yet): its departure, when it has one. */
  assigned: (route: string, departure: string | null) =>
    `Tu ruta cambió: te asignaron la ruta ${route}${departure ? `, que sale a las ${clockOf(departure)}` : ""}`,
  /** The plan of a shift left them out. */
  leftShift: (shift: string, route: string | null) =>
    `Ya no tienes ruta asignada en el turno ${shift}${route ? ` (antes: ruta ${route})` : ""}`,
  /** An admin took them off a route. */
  removed: (route: string) => `Ya no tienes asignada la ruta ${route}`,
};
