import type { DayPlanProposal } from "@treiber/contract";
import { Flex, Modal, Typography } from "antd";
import { useState } from "react";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { type BrokenConstraints, canApplyWith } from "../lib/broken-constraints";
import { applySummary } from "../lib/day-plan";
import { BrokenConstraintsNotice } from "./broken-constraints-notice";

export interface DayPlanApplyModalProps {
  open: boolean;
  proposal: DayPlanProposal;
  /** Seats and maximum ride the day's routes break. */
  broken: BrokenConstraints;
  pending: boolean;
  error: unknown;
  /** `acceptBrokenLimits`: the admin accepted the rides over the maximum. */
  onConfirm: (acceptBrokenLimits: boolean) => void;
  onCancel: () => void;
}

/**
 * «Aplicar plan del día»: what it does (that date only, the buses released, the riders told) and the
 * limits it breaks, confirmed before writing: seat overflow stops it, longer rides must be accepted.
 */
export function DayPlanApplyModal({
  open,
  proposal,
  broken,
  pending,
  error,
  onConfirm,
  onCancel,
}: DayPlanApplyModalProps) {
  const [accepted, setAccepted] = useState(false);
  return (
    <Modal
      open={open}
      title="¿Aplicar el plan del día?"
      okText="Aplicar plan del día"
      cancelText="Volver"
      onOk={() => onConfirm(broken.ride.length > 0 && accepted)}
      onCancel={onCancel}
      okButtonProps={{ disabled: !canApplyWith(broken, accepted) }}
      afterClose={() => setAccepted(false)}
      confirmLoading={pending}
      width={560}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <ul aria-label="Qué cambia al aplicar" style={{ margin: 0, paddingInlineStart: 20 }}>
          {applySummary(proposal).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {proposal.applied ? (
          <Typography.Text type="secondary">
            Reemplaza el plan del día ya aplicado para esa fecha.
          </Typography.Text>
        ) : null}
        <BrokenConstraintsNotice broken={broken} accepted={accepted} onAcceptedChange={setAccepted} />
        {error ? <ErrorAlert error={error} /> : null}
      </Flex>
    </Modal>
  );
}
