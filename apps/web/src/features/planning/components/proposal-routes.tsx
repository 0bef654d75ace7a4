import type { PlanningDriver, PlanParams, PlanRoute } from "@treiber/contract";
import { SectionTitle } from "../../../shared/components/section-title";
import type { useDraftMoves } from "../hooks/use-draft-moves";
import { LazyPlanMap } from "./lazy-plan-map";
import { PlanRoutesTable } from "./plan-routes-table";

export interface ProposalRoutesProps {
  routes: PlanRoute[];
  params: PlanParams;
  drivers: PlanningDriver[];
  workplaceName: string;
  moves: ReturnType<typeof useDraftMoves>;
}

/** The proposal's map and «Rutas propuestas», each route's stops with «Mover a…». */
export function ProposalRoutes({ routes, params, drivers, workplaceName, moves }: ProposalRoutesProps) {
  return (
    <>
      <LazyPlanMap
        routes={routes}
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
