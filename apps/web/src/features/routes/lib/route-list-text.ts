import type { RouteListItem } from "@treiber/contract";

/** «Ramón Peña», «Ramón Peña +1» with more drivers, «Sin chofer». */
export function routeDriverText(row: Pick<RouteListItem, "driverName" | "amountDrivers">): string {
  if (!row.driverName) return "Sin chofer";
  return row.amountDrivers > 1 ? `${row.driverName} +${row.amountDrivers - 1}` : row.driverName;
}

/** The seats that count: the route's own, else the smallest vehicle of its drivers (decision 0048). */
export const routeSeats = (row: Pick<RouteListItem, "seats" | "vehicleSeats">) =>
  row.seats ?? row.vehicleSeats;
