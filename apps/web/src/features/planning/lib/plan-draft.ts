import type { PlanningDriver, PlanningProposal, PlanParams, PlanRoute } from "@treiber/contract";
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

/** What is moved: a whole stop, or one rider (boarding at their home when it is known). */
export type PlanMove =
  | { kind: "stop"; stopKey: string }
  | { kind: "rider"; employeeId: number; home: RiderHome | null };

function targetRoutes(routes: PlanRoute[], target: MoveTarget): { routes: PlanRoute[]; key: string } {
  if (target.kind === "route") return { routes, key: target.key };
  return {
    routes: addRouteFor(routes, target.driver, target.name),
    key: newRouteKey(target.driver.driverId),
  };
}

/**
 * The routes after a move and the key of the route it went to; null when nothing moves (an unknown
 * stop or rider, or already there). The draft and the «Mover a…» preview both use it.
 */
export function applyMove(
  routes: PlanRoute[],
  params: PlanParams,
  move: PlanMove,
  target: MoveTarget,
): { routes: PlanRoute[]; key: string } | null {
  const { routes: withTarget, key } = targetRoutes(routes, target);
  const next =
    move.kind === "stop"
      ? moveStop(withTarget, move.stopKey, key, params)
      : moveRider(withTarget, move.employeeId, key, move.home, params);
  // Nothing moved: no new route is kept either.
  if (next.every((route, index) => route === withTarget[index])) return null;
  return { routes: next, key };
}

/** The draft after an action; a move that changes nothing leaves it as it was. */
export function planDraftReducer(draft: PlanDraft | null, action: PlanDraftAction): PlanDraft | null {
  if (action.type === "load") {
    return { proposal: action.proposal, routes: action.proposal.routes, moves: 0, serial: action.serial };
  }
  if (action.type === "discard" || !draft) return null;
  const move: PlanMove =
    action.type === "moveStop"
      ? { kind: "stop", stopKey: action.stopKey }
      : { kind: "rider", employeeId: action.employeeId, home: action.home };
  const moved = applyMove(draft.routes, draft.proposal.params, move, action.target);
  return moved ? { ...draft, routes: moved.routes, moves: draft.moves + 1 } : draft;
}

/** The riders the plan leaves unassigned, without those the admin has since put on a route. */
export function remainingUnassigned(draft: PlanDraft): PlanningProposal["unassigned"] {
  const placed = new Set(draft.routes.flatMap((route) => route.stops.flatMap((stop) => stop.employeeIds)));
  return draft.proposal.unassigned.filter((rider) => !placed.has(rider.employeeId));
}
