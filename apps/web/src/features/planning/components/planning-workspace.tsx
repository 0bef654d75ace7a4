import type { PlanningContext, PlanningProposeRequest } from "@treiber/contract";
import { App, Flex } from "antd";
import { useLeaveGuard } from "../../../shared/hooks/use-leave-guard";
import { useDays } from "../../../shared/lookups/list-days";
import { usePlanProposal } from "../hooks/use-plan-proposal";
import { useWorkspaceChoices } from "../hooks/use-workspace-choices";
import { expectedSeconds } from "../lib/expected-seconds";
import { PlanningChoices } from "./planning-choices";
import { ProposalSection } from "./proposal-section";
import { ProposeBar } from "./propose-bar";

export interface PlanningWorkspaceProps {
  context: PlanningContext;
  /** Reloads the context (after a conflict). */
  onReload: () => Promise<unknown>;
  /** The plan was applied: start again from the new current routes. */
  onApplied: () => void;
}

/**
 * One shift and workplace: days, parameters, who is planned and with which vehicles, «Proponer
 * rutas» with its progress and «Cancelar», and the proposal to edit and apply. Its choices start
 * from the context (the shift's days, the riders and drivers of the current routes).
 */
export function PlanningWorkspace({ context, onReload, onApplied }: PlanningWorkspaceProps) {
  const { modal, message } = App.useApp();
  const days = useDays();
  const choices = useWorkspaceChoices(context);
  const { dayIds, parameters, driverIds, employeeIds, problem } = choices;
  const proposal = usePlanProposal();
  const moves = proposal.draft?.moves ?? 0;
  useLeaveGuard(moves > 0, {
    title: "¿Salir sin aplicar la propuesta?",
    content: `Se pierden los cambios hechos (${moves === 1 ? "1 movimiento" : `${moves} movimientos`}). No se escribe nada.`,
    leaveText: "Salir sin aplicar",
  });

  const body = (): PlanningProposeRequest => ({
    shiftId: context.shift.id,
    destinationId: context.destinationId,
    employeeIds,
    driverIds,
    ...parameters,
  });
  const proposeNow = () => proposal.propose(body());
  const onPropose = () => {
    if (proposal.draft && proposal.draft.moves > 0) {
      modal.confirm({
        title: "¿Proponer de nuevo?",
        content: "La propuesta nueva reemplaza la actual y sus cambios.",
        okText: "Proponer",
        cancelText: "Volver",
        onOk: proposeNow,
      });
    } else {
      proposeNow();
    }
  };
  const onCancel = () => {
    proposal.cancel();
    message.info("Propuesta cancelada");
  };

  const dayNames = dayIds.map(
    (id) =>
      days.data?.find((day) => day.id === id)?.name ??
      context.shift.days.find((day) => day.id === id)?.name ??
      String(id),
  );
  const busy = proposal.pending;

  return (
    <Flex vertical gap={16}>
      <PlanningChoices context={context} choices={choices} busy={busy} />
      <ProposeBar
        startedAt={proposal.startedAt}
        pending={busy}
        expectedSeconds={expectedSeconds(employeeIds.length)}
        problem={problem}
        error={proposal.error}
        onPropose={onPropose}
        onCancel={onCancel}
      />
      {proposal.draft ? (
        <ProposalSection
          key={proposal.draft.serial}
          context={context}
          draft={proposal.draft}
          dispatch={proposal.dispatch}
          dayIds={dayIds}
          dayNames={dayNames}
          newRouteName={context.shift.name}
          onDiscard={proposal.discard}
          onApplied={onApplied}
          onRepropose={async () => {
            await onReload();
            proposeNow();
          }}
        />
      ) : null}
    </Flex>
  );
}
