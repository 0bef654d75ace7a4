import { getErrorMessage, getErrorStatus } from "@treiber/client";
import { DAY_PLAN_CHANGED_MESSAGE, type DayPlanProposal } from "@treiber/contract";
import { App } from "antd";
import { useState } from "react";
import { useApplyDayPlan } from "../api/apply-day-plan";
import { dayApplyRequest } from "../lib/day-plan";
import { notifiedText } from "../lib/notified-text";

export interface ApplyDayPlanInput {
  shiftId: number;
  destinationId: number;
  proposal: DayPlanProposal;
  onApplied: () => void;
}

/** «Aplicar plan del día»: the confirmation's open state, the write, and a 409 kept as the conflict. */
export function useApplyDayPlanProposal({ shiftId, destinationId, proposal, onApplied }: ApplyDayPlanInput) {
  const { message } = App.useApp();
  const apply = useApplyDayPlan();
  const [confirming, setConfirming] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  const confirmApply = async (acceptBrokenLimits: boolean) => {
    try {
      const response = await apply.mutateAsync(
        dayApplyRequest(proposal, { shiftId, destinationId, acceptBrokenLimits }),
      );
      setConfirming(false);
      const released = response.released === 1 ? "1 bus liberado" : `${response.released} buses liberados`;
      message.success(`${response.message}: ${released}; ${notifiedText(response)}`);
      onApplied();
    } catch (error) {
      if (getErrorStatus(error) === 409) {
        setConfirming(false);
        setConflict(getErrorMessage(error, DAY_PLAN_CHANGED_MESSAGE));
      }
    }
  };

  return {
    apply,
    confirming,
    conflict,
    startConfirming: () => {
      apply.reset();
      setConfirming(true);
    },
    stopConfirming: () => setConfirming(false),
    confirmApply,
  };
}
