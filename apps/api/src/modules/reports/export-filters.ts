import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { destinations, drivers } from "../../db/schema.js";
import { type CallerClock, displayDate } from "../../lib/caller-clock.js";

export type ExportFilterInput = {
  sinceDate: string;
  untilDate: string;
  criterion?: string;
  supplierName?: string;
  routeName?: string;
  destinationId?: number;
  driverId?: number;
  cutId?: number;
};

/** The export's filter as label/value rows written at the top of the sheet. */
export async function exportFilters(
  db: Db,
  input: ExportFilterInput,
  clock: CallerClock,
): Promise<[string, string][]> {
  // Local days as DD/MM/YYYY; an exact instant (a cut's period) as the caller's local date-time.
  const show = (value: string) =>
    value.includes("/") ? displayDate(value) : `${clock.displayDateTime(new Date(value))} (${clock.label})`;
  const since = show(input.sinceDate);
  const until = show(input.untilDate);
  const rows: [string, string][] = [
    ["Desde", since],
    ["Hasta", until],
  ];
  if (input.cutId) rows.push(["Corte", `#${input.cutId}`]);
  if (input.supplierName) rows.push(["Suplidor", input.supplierName]);
  if (input.routeName) rows.push(["Ruta", input.routeName]);
  if (input.destinationId) {
    const [row] = await db
      .select({ name: destinations.name })
      .from(destinations)
      .where(eq(destinations.id, input.destinationId));
    rows.push(["Destino", row?.name ?? `#${input.destinationId}`]);
  }
  if (input.driverId) {
    const [row] = await db
      .select({ name: drivers.name, lastname: drivers.lastname })
      .from(drivers)
      .where(eq(drivers.id, input.driverId));
    rows.push(["Chofer", row ? `${row.name} ${row.lastname}` : `#${input.driverId}`]);
  }
  if (input.criterion?.trim()) rows.push(["Búsqueda", input.criterion.trim()]);
  rows.push(["Generado", `${clock.displayDateTime(new Date())} (${clock.label})`]);
  return rows;
}
