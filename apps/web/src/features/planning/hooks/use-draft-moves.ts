import type { PlanningContext } from "@treiber/contract";
import { type Dispatch, useMemo } from "react";
import { moveTarget } from "../lib/move-options";
import { previewMove } from "../lib/move-preview";
import type { PlanDraft, PlanDraftAction, remainingUnassigned } from "../lib/plan-draft";
import type { RiderHome } from "../lib/plan-edits";
import { nextRouteName } from "../lib/route-pricing";

export interface DraftMovesInput {
  context: PlanningContext;
  draft: PlanDraft;
  dispatch: Dispatch<PlanDraftAction>;
  unassigned: ReturnType<typeof remainingUnassigned>;
  /** The shift's name, the base of a route the admin opens («Mañana» → «Mañana 12»). */
  newRouteName: string;
}

/** The proposal's «Mover a…»: riders' names and homes, the moves and what each would do (issue 33). */
export function useDraftMoves({ context, draft, dispatch, unassigned, newRouteName }: DraftMovesInput) {
  const { params } = draft.proposal;
  const { routes } = draft;
  const riders = useMemo(
    () => new Map(context.riders.map((rider) => [rider.employeeId, rider])),
    [context.riders],
  );
  const unassignedNames = new Map(
    unassigned.map((rider) => [rider.employeeId, `${rider.name} ${rider.lastname}`]),
  );
  const riderName = (employeeId: number) => {
    const rider = riders.get(employeeId);
    return rider
      ? `${rider.name} ${rider.lastname}`
      : (unassignedNames.get(employeeId) ?? `Colaborador ${employeeId}`);
  };
  const home = (employeeId: number): RiderHome | null => {
    const rider = riders.get(employeeId);
    if (!rider || rider.latitude === null || rider.longitude === null) return null;
    return {
      employeeId,
      name: `${rider.name} ${rider.lastname}`,
      address: rider.address,
      latitude: rider.latitude,
      longitude: rider.longitude,
    };
  };
  const target = (value: string) =>
    moveTarget(value, context.drivers, nextRouteName(newRouteName, routes, draft.proposal.nextRouteNumber));
  const moveStop = (stopKey: string, value: string) => {
    const to = target(value);
    if (to) dispatch({ type: "moveStop", stopKey, target: to });
  };
  const moveRider = (employeeId: number, value: string) => {
    const to = target(value);
    if (to) dispatch({ type: "moveRider", employeeId, home: home(employeeId), target: to });
  };
  // «Mover a…» shows what each choice would do to its route before it is made (issue 33).
  const previewStop = (stopKey: string, value: string) => {
    const to = target(value);
    return to ? previewMove(routes, params, { kind: "stop", stopKey }, to) : null;
  };
  const previewRider = (employeeId: number, value: string) => {
    const to = target(value);
    return to ? previewMove(routes, params, { kind: "rider", employeeId, home: home(employeeId) }, to) : null;
  };
  return { riderName, home, moveStop, moveRider, previewStop, previewRider };
}
