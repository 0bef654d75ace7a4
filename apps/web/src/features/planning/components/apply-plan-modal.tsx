import { Alert, Flex, Modal, Typography } from "antd";
import type { ReactNode } from "react";
import { ErrorAlert } from "../../../shared/components/error-alert";
import type { PlanChanges, RiderChange } from "../lib/plan-changes";

export interface ApplyPlanModalProps {
  open: boolean;
  changes: PlanChanges;
  days: string[];
  warnings: string[];
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
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

/** «Aplicar»: what the plan changes (routes and riders, who will be notified), confirmed before writing. */
export function ApplyPlanModal({
  open,
  changes,
  days,
  warnings,
  pending,
  error,
  onConfirm,
  onCancel,
}: ApplyPlanModalProps) {
  return (
    <Modal
      open={open}
      title="¿Aplicar la propuesta?"
      okText="Aplicar"
      cancelText="Volver"
      onOk={onConfirm}
      onCancel={onCancel}
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
        {warnings.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            title="La propuesta rompe restricciones"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            }
          />
        ) : null}
        {error ? <ErrorAlert error={error} /> : null}
      </Flex>
    </Modal>
  );
}
