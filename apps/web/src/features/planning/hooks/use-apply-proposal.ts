import { getErrorMessage, getErrorStatus } from "@treiber/client";
import { PLAN_CHANGED_MESSAGE, type PlanningApplyResponse, type PlanningContext } from "@treiber/contract";
import { App } from "antd";
import { useState } from "react";
import { useApplyPlan } from "../api/apply-plan";
import { notifiedText } from "../lib/notified-text";
import { applyRequest } from "../lib/plan-changes";
import type { PlanDraft } from "../lib/plan-draft";

export interface ApplyProposalInput {
  context: PlanningContext;
  draft: PlanDraft;
  dayIds: number[];
  onApplied: (response: PlanningApplyResponse) => void;
}

/** «Aplicar»: the confirmation's open state, the write, and a 409 kept as the conflict to show. */
export function useApplyProposal({ context, draft, dayIds, onApplied }: ApplyProposalInput) {
  const { message } = App.useApp();
  const apply = useApplyPlan();
  const [confirming, setConfirming] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  const startConfirming = () => {
    apply.reset();
    setConfirming(true);
  };

  const confirmApply = async (acceptBrokenLimits: boolean) => {
    try {
      const response = await apply.mutateAsync(
        applyRequest({
          shiftId: context.shift.id,
          destinationId: context.destinationId,
          dayIds,
          version: draft.proposal.version,
          params: draft.proposal.params,
          routes: draft.routes,
          acceptBrokenLimits,
        }),
      );
      setConfirming(false);
      message.success(
        `${response.message}: ${response.created} rutas nuevas, ${response.updated} actualizadas, ${response.deactivated} desactivadas; ${notifiedText(response)}`,
      );
      onApplied(response);
    } catch (error) {
      if (getErrorStatus(error) === 409) {
        setConfirming(false);
        setConflict(getErrorMessage(error, PLAN_CHANGED_MESSAGE));
      }
    }
  };

  return {
    apply,
    confirming,
    conflict,
    startConfirming,
    stopConfirming: () => setConfirming(false),
    confirmApply,
  };
}
