import type { PlanningContext } from "@treiber/contract";

/**
 * Whether the workplace the server picked by itself (no `destinationId` in the URL) is one of the
 * branch office's own: the shift's or its branch office's routes go there (issue 33). A new branch
 * office has none, and the page then asks instead of opening another one's workplace. A backend
 * without `branchOfficeRoutes` keeps its pick.
 */
export function ownWorkplace(context: Pick<PlanningContext, "destinationId" | "destinations">): boolean {
  const chosen = context.destinations.find((item) => item.id === context.destinationId);
  if (!chosen) return false;
  return chosen.amountRoutes > 0 || (chosen.branchOfficeRoutes ?? 1) > 0;
}
