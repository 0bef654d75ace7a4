import {
  PLANNING_DEFAULTS,
  PLANNING_NO_RIDERS_MESSAGE,
  PLANNING_NO_VEHICLES_MESSAGE,
  type PlanningContext,
} from "@treiber/contract";
import { useMemo, useState } from "react";
import type { PlanningParameterValues } from "../components/planning-parameters";
import { canCarry } from "../components/vehicles-select";
import { defaultRiderIds, riderGroups } from "../lib/rider-groups";

/**
 * The workspace's choices, starting from the context (the shift's days, the riders and drivers of
 * the current routes), and why «Proponer rutas» cannot run yet.
 */
export function useWorkspaceChoices(context: PlanningContext) {
  const [dayIds, setDayIds] = useState(() => context.shift.days.map((day) => day.id).sort((a, b) => a - b));
  const [parameters, setParameters] = useState<PlanningParameterValues>(() => ({
    walkRadiusMeters: PLANNING_DEFAULTS.walkRadiusMeters,
    serviceMinutes: context.params.serviceMinutes,
    maxRideMinutes: context.params.maxRideMinutes,
  }));
  const [selectedRiders, setSelectedRiders] = useState(() => new Set(defaultRiderIds(context.riders)));
  const [driverIds, setDriverIds] = useState(() =>
    context.drivers
      .filter((driver) => driver.routeId !== null && canCarry(driver))
      .map((driver) => driver.driverId),
  );
  const plannable = useMemo(
    () =>
      new Set(
        riderGroups(context.riders)
          .filter((group) => group.selectable)
          .flatMap((group) => group.riders.map((rider) => rider.employeeId)),
      ),
    [context.riders],
  );
  const employeeIds = [...selectedRiders].filter((id) => plannable.has(id));
  const destination = context.destinations.find((item) => item.id === context.destinationId);
  const workplaceLocated = destination
    ? destination.latitude !== null && destination.longitude !== null
    : false;

  const problem = !workplaceLocated
    ? "El lugar de trabajo no tiene ubicación"
    : employeeIds.length === 0
      ? PLANNING_NO_RIDERS_MESSAGE
      : driverIds.length === 0
        ? PLANNING_NO_VEHICLES_MESSAGE
        : null;

  return {
    dayIds,
    setDayIds,
    parameters,
    setParameters,
    selectedRiders,
    setSelectedRiders,
    driverIds,
    setDriverIds,
    employeeIds,
    workplaceLocated,
    problem,
  };
}
