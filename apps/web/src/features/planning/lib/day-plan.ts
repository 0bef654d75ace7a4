import { formatClockTime, formatDateShortTime, formatNumber, formatSigned } from "@treiber/client/format";
import {
  DAY_PLAN_NOTIFY_MINUTES,
  type DayPlanApplyRequest,
  type DayPlanMovedRider,
  type DayPlanProposal,
} from "@treiber/contract";
import { formatServiceDate } from "../../../shared/format";
import { routesToWrite } from "./plan-changes";

/** Who applied a day plan and when (the proposal's `applied`, or GET Planning/day's plan). */
export interface DayPlanApplied {
  appliedAt: string;
  source: "auto" | "admin";
  appliedBy: string | null;
}

/** «Plan del día aplicado el 28/11/2026 6:00 pm (automático)», or «(por Ana Pérez)». */
export function appliedText(applied: DayPlanApplied): string {
  const who =
    applied.source === "auto"
      ? "automático"
      : applied.appliedBy
        ? `por ${applied.appliedBy}`
        : "por un administrador";
  return `Plan del día aplicado el ${formatDateShortTime(applied.appliedAt)} (${who})`;
}

/** Whether the apply tells this rider: their time moves more than the limit, or their bus changes. */
export const isNotified = (rider: DayPlanMovedRider) =>
  Math.abs(rider.minutes) > DAY_PLAN_NOTIFY_MINUTES || rider.routeNameBefore !== rider.routeNameAfter;

/** «+7 min», «−3 min», «0 min». */
export const minutesText = (minutes: number) =>
  formatSigned(minutes, (value) => `${formatNumber(value, 0)} min`);

/** «7:05:00 am → 7:12:00 am» (— when the rider has no time in one of the plans). */
export const timesText = (rider: DayPlanMovedRider) =>
  `${formatClockTime(rider.before)} → ${formatClockTime(rider.after)}`;

/** «Ruta Norte → Ruta Sur», or null when the bus stays. */
export function routeChangeText(rider: DayPlanMovedRider): string | null {
  if (rider.routeNameBefore === rider.routeNameAfter) return null;
  return `${rider.routeNameBefore ?? "Sin ruta"} → ${rider.routeNameAfter ?? "Sin ruta"}`;
}

/** What «Aplicar plan del día» does, in the confirmation's words. */
export function applySummary(proposal: DayPlanProposal): string[] {
  const released = proposal.released.length;
  const names = proposal.released.map((route) => route.name).join(", ");
  const notified = proposal.moved.filter(isNotified).length;
  return [
    `Solo cambia el ${formatServiceDate(proposal.date)}: las rutas fijas siguen igual los demás días.`,
    released === 0
      ? "Ningún bus liberado: corren todas las rutas fijas."
      : `${released === 1 ? "1 bus liberado" : `${released} buses liberados`} ese día: ${names}.`,
    notified === 1
      ? "1 colaborador avisado de su nueva hora o bus."
      : `${notified} colaboradores avisados de su nueva hora o bus.`,
  ];
}

/** The body of Planning/day/apply: the day's routes that carry riders, with their stops. */
export function dayApplyRequest(
  proposal: DayPlanProposal,
  target: { shiftId: number; destinationId: number; acceptBrokenLimits: boolean },
): DayPlanApplyRequest {
  const routes = routesToWrite(proposal.day.routes).flatMap((route) =>
    route.routeId === null
      ? []
      : [
          {
            routeId: route.routeId,
            stops: route.stops
              .filter((stop) => stop.employeeIds.length > 0)
              .map((stop) => ({
                name: stop.name,
                address: stop.address,
                latitude: stop.latitude,
                longitude: stop.longitude,
                employeeIds: stop.employeeIds,
              })),
          },
        ],
  );
  return {
    shiftId: target.shiftId,
    destinationId: target.destinationId,
    date: proposal.date,
    version: proposal.version,
    routes,
    ...(target.acceptBrokenLimits ? { acceptBrokenLimits: true } : {}),
  };
}
