import type { TripRider } from "@treiber/contract";

/** Full name of a rider ("Ana Pérez"). */
export const riderName = (rider: Pick<TripRider, "name" | "lastname">) =>
  `${rider.name} ${rider.lastname}`.trim();

/** A rider still expected: neither boarded, cancelled nor marked absent. */
export const isExpected = (rider: Pick<TripRider, "status"> & { noShow?: unknown }) =>
  rider.status === "Pending" && !rider.noShow;

/** Riders still expected (neither boarded, cancelled nor absent), by name. */
export function pendingRiders<
  T extends Pick<TripRider, "status" | "name" | "lastname"> & { noShow?: unknown },
>(riders: readonly T[]): T[] {
  return riders.filter(isExpected).sort((a, b) => riderName(a).localeCompare(riderName(b), "es"));
}

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/** Riders whose name or employee code contains the search (accents and case ignored); all when empty. */
export function searchRiders<T extends Pick<TripRider, "name" | "lastname" | "codeEmployee">>(
  riders: readonly T[],
  search: string,
): T[] {
  const needle = fold(search);
  if (!needle) return [...riders];
  return riders.filter(
    (rider) => fold(riderName(rider)).includes(needle) || fold(rider.codeEmployee).includes(needle),
  );
}

/**
 * The sentence of the End confirmation that names the riders still pending (`total`: riders of the
 * route; a route without riders says so).
 */
export function pendingSentence(
  riders: readonly Pick<TripRider, "name" | "lastname">[],
  total = riders.length,
): string {
  if (total === 0) return "Esta ruta no tiene pasajeros asignados.";
  if (riders.length === 0) return "Todos los pasajeros abordaron o cancelaron.";
  const names = riders.map(riderName).join(", ");
  return riders.length === 1
    ? `Queda 1 pasajero pendiente: ${names}.`
    : `Quedan ${riders.length} pasajeros pendientes: ${names}.`;
}

/**
 * What a stop's card says of its riders: how many board (Entrada) or alight (Salida) there, and at
 * an Entrada stop how many already boarded. "2 suben · 1 abordó", "3 bajan", "Sin pasajeros".
 */
export function stopSummary(
  riders: readonly Pick<TripRider, "status">[],
  direction: "inbound" | "outbound" | null,
): string {
  const count = riders.length;
  if (count === 0) return "Sin pasajeros";
  if (direction === "outbound") return `${count} ${count === 1 ? "baja" : "bajan"}`;
  const head =
    direction === "inbound"
      ? `${count} ${count === 1 ? "sube" : "suben"}`
      : `${count} ${count === 1 ? "pasajero" : "pasajeros"}`;
  const boarded = riders.filter((rider) => rider.status === "Boarded").length;
  return boarded > 0 ? `${head} · ${boarded} ${boarded === 1 ? "abordó" : "abordaron"}` : head;
}
