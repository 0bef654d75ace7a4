import { Flex, Modal, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { type BrokenConstraints, canApplyWith } from "../lib/broken-constraints";
import type { PlanChanges, RiderChange } from "../lib/plan-changes";
import { ApplyWarnings, type ApplyWarningsProps } from "./apply-warnings";
import { BrokenConstraintsNotice } from "./broken-constraints-notice";

export interface ApplyPlanModalProps {
  open: boolean;
  changes: PlanChanges;
  days: string[];
  /** Seats and maximum ride the plan breaks (issue 33). */
  broken: BrokenConstraints;
  pending: boolean;
  error: unknown;
  /** `acceptBrokenLimits`: the admin accepted the rides over the maximum. */
  onConfirm: (acceptBrokenLimits: boolean) => void;
  onCancel: () => void;
  /** Routes at $0 and riders left without a route (issue 33): warned, not refused. */
  warnings?: ApplyWarningsProps;
}

function riderChangeText(change: RiderChange): string {
  if (change.kind === "removed") return `${change.name}: queda sin ruta (estaba en ${change.from})`;
  if (change.kind === "stop") return `${change.name}: cambia de parada en ${change.to}`;
  return change.from
    ? `${change.name}: de ${change.from} a ${change.to}`
    : `${change.name}: entra en ${change.to}`;
}

function ChangeList({ title, items }: { title: string; items: string[] }): ReactNode {
  if (items.length === 0) return null;
  return (
    <div>
      <Typography.Text strong>
        {title} ({items.length})
      </Typography.Text>
      <ul style={{ margin: "4px 0 0", paddingInlineStart: 20, maxHeight: 180, overflowY: "auto" }}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * «Aplicar»: what the plan changes (routes and riders, who will be notified) and the constraints it
 * breaks, confirmed before writing: seat overflow stops it, rides over the maximum must be accepted.
 */
export function ApplyPlanModal({
  open,
  changes,
  days,
  broken,
  pending,
  error,
  onConfirm,
  onCancel,
  warnings,
}: ApplyPlanModalProps) {
  const [accepted, setAccepted] = useState(false);
  return (
    <Modal
      open={open}
      title="¿Aplicar la propuesta?"
      okText="Aplicar"
      cancelText="Volver"
      onOk={() => onConfirm(broken.ride.length > 0 && accepted)}
      onCancel={onCancel}
      okButtonProps={{ disabled: !canApplyWith(broken, accepted) }}
      afterClose={() => setAccepted(false)}
      confirmLoading={pending}
      width={620}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text>
          Se escriben las rutas del turno en una sola operación, para los días {days.join(", ")}.
        </Typography.Text>
        <ChangeList
          title="Rutas nuevas"
          items={changes.created.map((route) => `${route.name} (${route.driverName ?? "sin chofer"})`)}
        />
        <ChangeList title="Rutas que se actualizan" items={changes.updated.map((route) => route.name)} />
        <ChangeList
          title="Rutas que se desactivan (pierden sus colaboradores y paradas)"
          items={changes.deactivated.map((route) => route.name)}
        />
        {changes.riders.length > 0 ? (
          <ChangeList
            title="Colaboradores que cambian de ruta o de parada (se les notificará)"
            items={changes.riders.map(riderChangeText)}
          />
        ) : (
          <Typography.Text type="secondary">Ningún colaborador cambia de ruta ni de parada.</Typography.Text>
        )}
        <BrokenConstraintsNotice broken={broken} accepted={accepted} onAcceptedChange={setAccepted} />
        {warnings ? <ApplyWarnings {...warnings} /> : null}
        {error ? <ErrorAlert error={error} /> : null}
      </Flex>
    </Modal>
  );
}
