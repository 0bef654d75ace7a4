import { getErrorMessage, getErrorStatus } from "@treiber/client";
import { formatMoney, formatMoneyCents } from "@treiber/client/format";
import {
  DISPUTE_RESOLVED_MESSAGE,
  type DisputeItem,
  disputeAmountSchema,
  disputeResolveRequestSchema,
} from "@treiber/contract";
import { Alert, App, Form, Input, InputNumber, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { textLimit } from "../../../shared/forms/text-limit";
import { numberRule, zodRule } from "../../../shared/forms/zod-rule";
import { useResolveDispute } from "../api/resolve-dispute";

/** A dispute an admin is settling, and how. */
export interface DisputeResolution {
  dispute: DisputeItem;
  decision: "ACCEPTED" | "REJECTED";
}

interface ResolveValues {
  note?: string;
  amount?: number | null;
}

const noteRule = zodRule(disputeResolveRequestSchema.shape.note);
const amountRule = numberRule(disputeAmountSchema);

function confirmation({ dispute, decision }: DisputeResolution, amount: number | undefined) {
  const trip = `${dispute.routeName} (${dispute.supplierName})`;
  return decision === "ACCEPTED"
    ? {
        title: "¿Seguro que desea aceptar la disputa?",
        content: `${trip}: se pagarán ${formatMoneyCents(amount ?? dispute.claimedAmount)} como ajuste en el próximo corte.`,
        okText: "Sí, aceptar",
      }
    : {
        title: "¿Seguro que desea rechazar la disputa?",
        content: `${trip}: no se pagará ajuste.`,
        okText: "Sí, rechazar",
      };
}

/**
 * «Aceptar disputa» / «Rechazar disputa»: an admin's note and, to accept, the adjustment's amount
 * (the claimed one unless changed), confirmed, then PUT Dispute/resolve. When another admin settled
 * it first the server answers 409: its message stays in the dialog and the list reloads.
 */
export function ResolveDisputeDialog({
  resolution,
  onClose,
}: {
  resolution: DisputeResolution | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ResolveValues>();
  const { message, modal } = App.useApp();
  const resolve = useResolveDispute();
  const [error, setError] = useState<string | null>(null);
  const [settled, setSettled] = useState(false);
  const accepting = resolution?.decision === "ACCEPTED";

  useEffect(() => {
    if (!resolution) return;
    setError(null);
    setSettled(false);
    form.resetFields();
    if (resolution.decision === "ACCEPTED") form.setFieldsValue({ amount: resolution.dispute.claimedAmount });
  }, [resolution, form]);

  async function save(chosen: DisputeResolution, note: string, amount: number | undefined) {
    setError(null);
    try {
      const answer = await resolve.mutateAsync({
        id: chosen.dispute.id,
        decision: chosen.decision,
        note,
        amount,
      });
      void message.success(answer.message || DISPUTE_RESOLVED_MESSAGE);
      onClose();
    } catch (failure) {
      setError(getErrorMessage(failure));
      if (getErrorStatus(failure) === 409) setSettled(true);
    }
  }

  function submit(values: ResolveValues) {
    if (!resolution || !values.note) return;
    const note = values.note.trim();
    const amount = resolution.decision === "ACCEPTED" ? (values.amount ?? undefined) : undefined;
    modal.confirm({
      ...confirmation(resolution, amount),
      cancelText: "No",
      onOk: () => save(resolution, note, amount),
    });
  }

  const dispute = resolution?.dispute;
  return (
    <Modal
      open={resolution !== null}
      title={accepting ? "Aceptar disputa" : "Rechazar disputa"}
      okText={accepting ? "Aceptar" : "Rechazar"}
      okButtonProps={{ danger: !accepting, disabled: settled }}
      cancelText={settled ? "Cerrar" : "Cancelar"}
      confirmLoading={resolve.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {dispute ? (
        <Typography.Paragraph>
          {dispute.routeName} · {dispute.supplierName} · {dispute.driverName}
          <br />
          <Typography.Text type="secondary">
            Pagado: {formatMoney(dispute.lineAmount)} · Reclamado: {formatMoneyCents(dispute.claimedAmount)}
          </Typography.Text>
          <br />
          Motivo: {dispute.reason}
        </Typography.Paragraph>
      ) : null}
      {error ? (
        <Alert type={settled ? "warning" : "error"} showIcon title={error} style={{ marginBottom: 16 }} />
      ) : null}
      <Form form={form} name="disputeResolve" layout="vertical" onFinish={submit} disabled={settled}>
        <Form.Item label="Nota" name="note" rules={[noteRule]}>
          <Input.TextArea rows={3} count={textLimit(500)} placeholder="Por qué se acepta o se rechaza" />
        </Form.Item>
        {accepting ? (
          <Form.Item
            label="Monto del ajuste"
            name="amount"
            rules={[amountRule]}
            extra="Se paga como línea de ajuste en el próximo corte."
          >
            <InputNumber prefix="$" style={{ width: 200 }} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
