import type { PlanningProposal, PlanRoute } from "@treiber/contract";

/**
 * The road a route is drawn along (issue 36): the geometry the routing server gave the proposed
 * route with the same key, while the route still has those stops in that order; after a move it no
 * longer fits, and the map draws straight lines between the stops.
 */
export function fittingGeometry(
  route: Pick<PlanRoute, "key" | "stops">,
  proposed: readonly PlanRoute[],
): PlanRoute["geometry"] {
  const original = proposed.find((candidate) => candidate.key === route.key);
  if (!original?.geometry || original.stops.length !== route.stops.length) return undefined;
  const same = original.stops.every((stop, i) => stop.key === route.stops[i]?.key);
  return same ? original.geometry : undefined;
}

/** What timed the proposal, in Spanish: the routing server's fallback note, the roads, or nothing. */
export function travelSourceText(
  proposal: Pick<PlanningProposal, "travelSource" | "travelNote">,
): { text: string; warning: boolean } | null {
  if (proposal.travelNote) return { text: proposal.travelNote, warning: true };
  if (proposal.travelSource !== "roads") return null;
  return {
    text: "Tiempos, distancias y trazado por calles (servidor de rutas). Al mover paradas, un tramo que la propuesta no tenía se estima en línea recta.",
    warning: false,
  };
}
