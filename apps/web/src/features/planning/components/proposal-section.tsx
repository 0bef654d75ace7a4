import { getErrorStatus } from "@treiber/client";
import type { PlanningApplyResponse, PlanningContext } from "@treiber/contract";
import { Card, Flex, Typography } from "antd";
import type { Dispatch } from "react";
import { SectionTitle } from "../../../shared/components/section-title";
import { useApplyProposal } from "../hooks/use-apply-proposal";
import { useDraftMoves } from "../hooks/use-draft-moves";
import { useProposalFigures } from "../hooks/use-proposal-figures";
import { moveOptions } from "../lib/move-options";
import { applyProblem } from "../lib/plan-changes";
import { type PlanDraft, type PlanDraftAction, remainingUnassigned } from "../lib/plan-draft";
import { ridersLeftWithoutRoute, zeroCostToWrite } from "../lib/route-pricing";
import { ApplyPlanModal } from "./apply-plan-modal";
import { PlanConflictAlert } from "./plan-conflict-alert";
import { ProposalActions } from "./proposal-actions";
import { ProposalOverview } from "./proposal-overview";
import { ProposalRoutes } from "./proposal-routes";
import { TravelSourceNote } from "./travel-source-note";

export interface ProposalSectionProps {
  context: PlanningContext;
  draft: PlanDraft;
  dispatch: Dispatch<PlanDraftAction>;
  dayIds: number[];
  dayNames: string[];
  /** The shift's name, the base of a route the admin opens («Mañana» → «Mañana 12»). */
  newRouteName: string;
  onDiscard: () => void;
  onApplied: (response: PlanningApplyResponse) => void;
  /** After a 409: reload the context and ask the planner again. */
  onRepropose: () => void;
}

/** The proposal: figures against the current routes, warnings, the unassigned, map, routes; Aplicar / Descartar. */
export function ProposalSection(props: ProposalSectionProps) {
  const { context, draft, dayIds, dayNames, onDiscard, onRepropose } = props;
  const { params } = draft.proposal;
  const { routes } = draft;
  const applying = useApplyProposal(props);

  const { priced, figures, warnings, changes, broken } = useProposalFigures(context, draft);
  const unassigned = remainingUnassigned(draft);
  const moves = useDraftMoves({ ...props, unassigned });
  const problem = applyProblem(routes) ?? (dayIds.length === 0 ? "Seleccione al menos un día" : null);
  const destination = context.destinations.find((item) => item.id === context.destinationId);

  return (
    <Card
      size="small"
      title={<SectionTitle style={{ margin: 0 }}>Propuesta</SectionTitle>}
      extra={
        <ProposalActions
          seconds={draft.proposal.seconds}
          moves={draft.moves}
          problem={problem}
          conflict={applying.conflict}
          onDiscard={onDiscard}
          onApply={applying.startConfirming}
        />
      }
    >
      <Flex vertical gap={16}>
        {applying.conflict ? (
          <PlanConflictAlert message={applying.conflict} onRepropose={onRepropose} />
        ) : null}
        <Typography.Text type="secondary">
          Nada cambia hasta aplicar. Mueva una parada o un colaborador desde el detalle de cada ruta.
        </Typography.Text>
        <TravelSourceNote proposal={draft.proposal} />
        <ProposalOverview
          current={context.current.figures}
          proposed={figures}
          warnings={warnings}
          unassigned={{
            riders: unassigned,
            canPlace: (employeeId) => moves.home(employeeId) !== null,
            options: moveOptions(routes, context.drivers, null),
            onPlace: moves.moveRider,
            preview: moves.previewRider,
          }}
        />
        <ProposalRoutes
          routes={routes}
          proposedRoutes={draft.proposal.routes}
          params={params}
          drivers={context.drivers}
          workplaceName={destination?.name ?? "Lugar de trabajo"}
          moves={moves}
        />
      </Flex>
      <ApplyPlanModal
        open={applying.confirming}
        changes={changes}
        days={dayNames}
        broken={broken}
        pending={applying.apply.isPending}
        error={
          applying.apply.error && getErrorStatus(applying.apply.error) !== 409 ? applying.apply.error : null
        }
        onConfirm={applying.confirmApply}
        warnings={{
          zeroCost: zeroCostToWrite(priced),
          withoutRoute: ridersLeftWithoutRoute(unassigned, changes),
        }}
        onCancel={applying.stopConfirming}
      />
    </Card>
  );
}
