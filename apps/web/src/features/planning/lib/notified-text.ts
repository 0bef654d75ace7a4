import type { PlanningApplyResponse } from "@treiber/contract";

/** «2 colaboradores notificados», or «2 colaboradores y 1 chofer notificados» (decision 0067). */
export function notifiedText(response: Pick<PlanningApplyResponse, "notified" | "driversNotified">): string {
  const drivers = response.driversNotified ?? 0;
  if (drivers === 0) return `${response.notified} colaboradores notificados`;
  return `${response.notified} colaboradores y ${drivers} ${drivers === 1 ? "chofer" : "choferes"} notificados`;
}
