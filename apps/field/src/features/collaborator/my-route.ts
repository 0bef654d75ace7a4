/** One of the collaborator's routes ("Mis rutas"). */
export interface MyRoute {
  id: number;
  name: string;
  destinationName: string | null;
  days: { id: number; name: string }[];
  departureTime: string | null;
  driverName: string | null;
  vehicle: string | null;
  supplierName: string | null;
}

/** "Lunes, Miércoles y Viernes" in week order (1 = Monday … 7 = Sunday). */
export function formatDays(days: readonly { id: number; name: string }[]): string {
  const names = [...days].sort((a, b) => a.id - b.id).map((day) => day.name);
  if (names.length === 0) return "Sin días";
  if (names.length === 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} y ${names.at(-1)}`;
}
