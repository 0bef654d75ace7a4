import type { RouteDayItem } from "@treiber/contract";

/** «Mié» of «Miércoles». */
const short = (day: RouteDayItem) => day.name.slice(0, 3);

/**
 * The days of a shift in a narrow column: runs of 3 or more consecutive days as «Lun–Vie», the
 * others as «Sáb, Dom», every day as «Todos los días». Days come in ISO order (1 = Lunes).
 */
export function daysSummary(days: RouteDayItem[]): string {
  if (days.length === 7) return "Todos los días";
  const runs: RouteDayItem[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && day.id === last.id + 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${short(run[0] as RouteDayItem)}–${short(run.at(-1) as RouteDayItem)}`]
        : run.map(short),
    )
    .join(", ");
}
