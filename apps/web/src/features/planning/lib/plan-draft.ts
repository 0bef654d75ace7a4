import type { PlanningDriver, PlanningProposal, PlanRoute } from "@treiber/contract";
import { addRouteFor, moveRider, moveStop, newRouteKey, type RiderHome } from "./plan-edits";

/** A proposal being edited: the planner's answer and the routes after the admin's moves. */
export interface PlanDraft {
  proposal: PlanningProposal;
  routes: PlanRoute[];
  /** Moves made since the proposal arrived. */
  moves: number;
  /** Which proposal of the page this is (1, 2, …): a new one redraws the map and forgets a conflict. */
  serial: number;
}

/** Where a move goes: a route of the plan, or a new route for a driver the plan does not use. */
export type MoveTarget =
  | { kind: "route"; key: string }
  | { kind: "new"; driver: PlanningDriver; name: string };

export type PlanDraftAction =
  | { type: "load"; proposal: PlanningProposal; serial: number }
  | { type: "moveStop"; stopKey: string; target: MoveTarget }
  | { type: "moveRider"; employeeId: number; home: RiderHome | null; target: MoveTarget }
  | { type: "discard" };

function targetRoutes(routes: PlanRoute[], target: MoveTarget): { routes: PlanRoute[]; key: string } {
  if (target.kind === "route") return { routes, key: target.key };
  return {
    routes: addRouteFor(routes, target.driver, target.name),
    key: newRouteKey(target.driver.driverId),
  };
}

/** The draft after an action; a move that changes nothing leaves it as it was. */
export function planDraftReducer(draft: PlanDraft | null, action: PlanDraftAction): PlanDraft | null {
  if (action.type === "load") {
    return { proposal: action.proposal, routes: action.proposal.routes, moves: 0, serial: action.serial };
  }
  if (action.type === "discard" || !draft) return null;
  const params = draft.proposal.params;
  const { routes, key } = targetRoutes(draft.routes, action.target);
  const next =
    action.type === "moveStop"
      ? moveStop(routes, action.stopKey, key, params)
      : moveRider(routes, action.employeeId, key, action.home, params);
  // Nothing moved (an unknown stop or rider, or already there): no new route is kept either.
  if (next.every((route, index) => route === routes[index])) return draft;
  return { ...draft, routes: next, moves: draft.moves + 1 };
}

/** The riders the plan leaves unassigned, without those the admin has since put on a route. */
export function remainingUnassigned(draft: PlanDraft): PlanningProposal["unassigned"] {
  const placed = new Set(draft.routes.flatMap((route) => route.stops.flatMap((stop) => stop.employeeIds)));
  return draft.proposal.unassigned.filter((rider) => !placed.has(rider.employeeId));
}
