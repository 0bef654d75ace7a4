import type { PlanningDriver, PlanRoute } from "@treiber/contract";
import type { MoveTarget } from "./plan-draft";

export interface MoveOptionGroup {
  label: string;
  title: string;
  options: { value: string; label: string }[];
}

const ridersOf = (route: PlanRoute) => route.stops.reduce((sum, stop) => sum + stop.employeeIds.length, 0);

/**
 * The «Mover a…» choices from a route (null: from no route): the plan's other routes with their
 * riders and seats, then a new route for each driver with seats the plan does not use.
 */
export function moveOptions(
  routes: readonly PlanRoute[],
  drivers: readonly PlanningDriver[],
  fromKey: string | null,
): MoveOptionGroup[] {
  const used = new Set(routes.map((route) => route.driverId));
  const groups: MoveOptionGroup[] = [
    {
      label: "Rutas de la propuesta",
      title: "Rutas de la propuesta",
      options: routes
        .filter((route) => route.key !== fromKey)
        .map((route) => ({
          value: `route:${route.key}`,
          label: `${route.name} (${ridersOf(route)}/${route.seats ?? "?"})`,
        })),
    },
    {
      label: "Nueva ruta",
      title: "Nueva ruta",
      options: drivers
        .filter((driver) => (driver.seats ?? 0) > 0 && !used.has(driver.driverId))
        .map((driver) => ({
          value: `new:${driver.driverId}`,
          label: `Nueva ruta con ${driver.name} ${driver.lastname} (${driver.seats} asientos)`,
        })),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}

/** The target of a «Mover a…» choice; `name` names a new route. */
export function moveTarget(
  value: string,
  drivers: readonly PlanningDriver[],
  name: string,
): MoveTarget | null {
  if (value.startsWith("route:")) return { kind: "route", key: value.slice("route:".length) };
  if (value.startsWith("new:")) {
    const driver = drivers.find((candidate) => candidate.driverId === Number(value.slice("new:".length)));
    return driver ? { kind: "new", driver, name } : null;
  }
  return null;
}
