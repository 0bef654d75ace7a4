import { clockOf } from "./rider-notices.js";

/**
 * What a driver is told when an applied plan changes the routes they drive (issue 33, decision
 * 0067): a route new to them, one whose stops or times changed, one they no longer drive. Listed
 * in Treiber App's «Avisos» and sent by the hub and Web Push, like a rider's. Times as Treiber App
 * shows them ('5:42 a. m.').
 */

export const DRIVER_NOTICE_TITLES = {
  assigned: "Nueva ruta",
  changed: "Tu ruta cambió",
  removed: "Ya no manejas una ruta",
} as const;

/** A stop as the notice compares and describes it. */
export type NoticeStop = { name: string; latitude: number; longitude: number; plannedTime: string | null };

const stopCount = (n: number) => (n === 1 ? "1 parada" : `${n} paradas`);
const firstTime = (stops: readonly NoticeStop[]) => stops[0]?.plannedTime?.slice(0, 5) ?? null;

/** «7 paradas, primera a las 5:42 a. m.», or «sin paradas». */
function outline(stops: readonly NoticeStop[]): string {
  if (stops.length === 0) return "sin paradas";
  const first = firstTime(stops);
  return `${stopCount(stops.length)}${first ? `, primera a las ${clockOf(first)}` : ""}`;
}

/** The same stops, places and planned times, in the same order. */
export function sameStops(a: readonly NoticeStop[], b: readonly NoticeStop[]): boolean {
  return (
    a.length === b.length &&
    a.every((stop, i) => {
      const other = b[i] as NoticeStop;
      return (
        stop.name === other.name &&
        stop.latitude === other.latitude &&
        stop.longitude === other.longitude &&
        stop.plannedTime?.slice(0, 5) === other.plannedTime?.slice(0, 5)
      );
    })
  );
}

/**
 * What changed: «7 paradas (antes 6), primera a las 5:42 a. m. (antes 5:50 a. m.)»; when neither the
 * count nor the first time did, «…; cambiaron otras paradas u horas».
 */
function changes(before: readonly NoticeStop[], after: readonly NoticeStop[]): string {
  if (after.length === 0) return "ya no tiene paradas";
  const count =
    before.length === after.length
      ? stopCount(after.length)
      : `${stopCount(after.length)} (antes ${before.length})`;
  const [was, now] = [firstTime(before), firstTime(after)];
  const first = now
    ? `primera a las ${clockOf(now)}${was && was !== now ? ` (antes ${clockOf(was)})` : ""}`
    : "";
  const text = [count, first].filter(Boolean).join(", ");
  return before.length === after.length && was === now ? `${text}; cambiaron otras paradas u horas` : text;
}

export const driverNotice = {
  /** A route they did not drive before the plan. */
  assigned: (route: string, stops: readonly NoticeStop[]) =>
    `Te asignaron la ruta ${route}: ${outline(stops)}`,
  /** Their route, with other stops or times, or another name. */
  changed: (
    before: { name: string; stops: readonly NoticeStop[] },
    after: { name: string; stops: readonly NoticeStop[] },
  ) => {
    const moved = !sameStops(before.stops, after.stops);
    if (before.name === after.name)
      return `Tu ruta ${after.name} cambió: ${changes(before.stops, after.stops)}`;
    const renamed = `Tu ruta ${before.name} ahora se llama ${after.name}`;
    return moved
      ? `${renamed} y cambió: ${changes(before.stops, after.stops)}`
      : `${renamed}: ${outline(after.stops)}`;
  },
  /** A route the plan retired or gave to another driver. */
  removed: (route: string, shift: string) => `Ya no manejas la ruta ${route} del turno ${shift}`,
};
