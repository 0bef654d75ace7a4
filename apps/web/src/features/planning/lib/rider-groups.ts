import type { PlanningRider } from "@treiber/contract";

export type RiderGroupKey = "withRoute" | "withoutRoute" | "noLocation" | "otherRoute";

export interface RiderGroup {
  key: RiderGroupKey;
  label: string;
  /** Whether its riders can be chosen for the plan. */
  selectable: boolean;
  riders: PlanningRider[];
}

export const hasLocation = (rider: Pick<PlanningRider, "latitude" | "longitude">) =>
  rider.latitude !== null && rider.longitude !== null;

/**
 * The riders of the shift's branch office in four groups: on a route of another workplace of the
 * shift (left out of this plan), without a location (cannot be planned), on a route of this
 * shift and workplace, and the rest (no route yet). Each rider in exactly one, by name.
 */
export function riderGroups(riders: readonly PlanningRider[]): RiderGroup[] {
  const groups: Record<RiderGroupKey, PlanningRider[]> = {
    withRoute: [],
    withoutRoute: [],
    noLocation: [],
    otherRoute: [],
  };
  for (const rider of riders) {
    if (rider.otherRouteName !== null) groups.otherRoute.push(rider);
    else if (!hasLocation(rider)) groups.noLocation.push(rider);
    else if (rider.routeId !== null) groups.withRoute.push(rider);
    else groups.withoutRoute.push(rider);
  }
  const byName = (a: PlanningRider, b: PlanningRider) =>
    `${a.name} ${a.lastname}`.localeCompare(`${b.name} ${b.lastname}`, "es");
  return [
    { key: "withRoute", label: "Con ruta", selectable: true, riders: groups.withRoute.sort(byName) },
    { key: "withoutRoute", label: "Sin ruta", selectable: true, riders: groups.withoutRoute.sort(byName) },
    { key: "noLocation", label: "Sin ubicación", selectable: false, riders: groups.noLocation.sort(byName) },
    {
      key: "otherRoute",
      label: "En otra ruta del turno",
      selectable: false,
      riders: groups.otherRoute.sort(byName),
    },
  ];
}

/** Who is planned unless the admin changes it: the riders on a route of this shift and workplace. */
export const defaultRiderIds = (riders: readonly PlanningRider[]) =>
  riders
    .filter((rider) => rider.otherRouteName === null && hasLocation(rider) && rider.routeId !== null)
    .map((rider) => rider.employeeId);
