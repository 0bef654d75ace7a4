import type { MyRoute } from "@treiber/contract";

/** "Lunes, Miércoles y Viernes" in week order (1 = Monday … 7 = Sunday). */
export function formatDays(days: readonly { id: number; name: string }[]): string {
  const names = [...days].sort((a, b) => a.id - b.id).map((day) => day.name);
  if (names.length === 0) return "Sin días";
  if (names.length === 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} y ${names.at(-1)}`;
}

type RouteDriver = MyRoute["drivers"][number];

/** "Toyota Hiace · A123456", or null when the vehicle is unknown. */
export function formatVehicle(driver: Pick<RouteDriver, "vehicleModel" | "vehiclePlate">): string | null {
  const parts = [driver.vehicleModel, driver.vehiclePlate].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** "Los Prados · 06:42": the rider's own stop and its planned time. */
export function formatMyStop(stop: Pick<NonNullable<MyRoute["stop"]>, "name" | "plannedTime">): string {
  return `${stop.name} · ${stop.plannedTime}`;
}
