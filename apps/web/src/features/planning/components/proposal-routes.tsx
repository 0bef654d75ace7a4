import type { PlanningDriver, PlanParams, PlanRoute } from "@treiber/contract";
import { useMemo } from "react";
import { SectionTitle } from "../../../shared/components/section-title";
import type { useDraftMoves } from "../hooks/use-draft-moves";
import { fittingGeometry } from "../lib/road-geometry";
import { LazyPlanMap } from "./lazy-plan-map";
import { PlanRoutesTable } from "./plan-routes-table";

export interface ProposalRoutesProps {
  routes: PlanRoute[];
  /** The routes as the planner proposed them: their road geometry is drawn while a route keeps its stops. */
  proposedRoutes: PlanRoute[];
  params: PlanParams;
  drivers: PlanningDriver[];
  workplaceName: string;
  moves: ReturnType<typeof useDraftMoves>;
}

/** The proposal's map and «Rutas propuestas», each route's stops with «Mover a…». */
export function ProposalRoutes(props: ProposalRoutesProps) {
  const { routes, proposedRoutes, params, drivers, workplaceName, moves } = props;
  const drawn = useMemo(
    () => routes.map((route) => ({ ...route, geometry: fittingGeometry(route, proposedRoutes) })),
    [routes, proposedRoutes],
  );
  return (
    <>
      <LazyPlanMap
        routes={drawn}
        direction={params.direction}
        workplace={{ ...params.workplace, name: workplaceName }}
      />
      <section aria-labelledby="planning-routes">
        <SectionTitle level={3} style={{ marginTop: 0 }}>
          <span id="planning-routes">Rutas propuestas ({routes.length})</span>
        </SectionTitle>
        <PlanRoutesTable
          routes={routes}
          params={params}
          drivers={drivers}
          riderName={moves.riderName}
          onMoveStop={moves.moveStop}
          onMoveRider={moves.moveRider}
          previewStop={moves.previewStop}
          previewRider={moves.previewRider}
        />
      </section>
    </>
  );
}
