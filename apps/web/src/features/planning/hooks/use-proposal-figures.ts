import { type PlanningContext, planFigures, routeWarnings } from "@treiber/contract";
import { useMemo } from "react";
import { brokenConstraints } from "../lib/broken-constraints";
import { planChanges } from "../lib/plan-changes";
import type { PlanDraft } from "../lib/plan-draft";
import { priceRoutes } from "../lib/route-pricing";

/** The draft's priced routes, figures, warnings, changes against the current routes and broken limits. */
export function useProposalFigures(context: PlanningContext, draft: PlanDraft) {
  const { params } = draft.proposal;
  const { routes } = draft;
  // Costs as apply writes them: a move changes a route's km, and a rate per km its cost (issue 33).
  const priced = useMemo(
    () => priceRoutes(routes, context.drivers, params),
    [routes, context.drivers, params],
  );
  const figures = useMemo(() => planFigures(priced, params), [priced, params]);
  const warnings = useMemo(() => routes.flatMap((route) => routeWarnings(route, params)), [routes, params]);
  const changes = useMemo(() => planChanges(context, routes), [context, routes]);
  const broken = useMemo(() => brokenConstraints(routes, params), [routes, params]);
  return { priced, figures, warnings, changes, broken };
}
