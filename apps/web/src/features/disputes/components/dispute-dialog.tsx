import { getErrorMessage } from "@treiber/client";
import { formatDateShortTime, formatMoney } from "@treiber/client/format";
import {
  type CutHeadboardItem,
  DISPUTE_CREATED_MESSAGE,
  disputeCreateRequestSchema,
} from "@treiber/contract";
import { Alert, App, Form, Input, InputNumber, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { textLimit } from "../../../shared/forms/text-limit";
import { numberRule, zodRule } from "../../../shared/forms/zod-rule";
import { useCreateDispute } from "../api/create-dispute";

/** The cut line a supplier disputes: which trip of which cut, and what the cut paid for it. */
export type DisputedLine = Pick<
  CutHeadboardItem,
  "cutId" | "intermediateRouteId" | "routeName" | "driverName" | "endedAt" | "cost"
>;

interface DisputeValues {
  reason?: string;
  claimedAmount?: number | null;
}

const reasonRule = zodRule(disputeCreateRequestSchema.shape.reason);
const amountRule = numberRule(disputeCreateRequestSchema.shape.claimedAmount);

/**
 * «Disputar viaje»: a supplier's user says why a line of the cut is wrong and how much more they
 * claim for it (POST Dispute). The contract's rules check the fields; the server's refusal (a
 * dispute already open, a trip not in the cut) shows in the dialog.
 */
export function DisputeDialog({ line, onClose }: { line: DisputedLine | null; onClose: () => void }) {
  const [form] = Form.useForm<DisputeValues>();
  const { message } = App.useApp();
  const create = useCreateDispute();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!line) return;
    setError(null);
    form.resetFields();
  }, [line, form]);

  async function submit(values: DisputeValues) {
    if (!line || !values.reason || values.claimedAmount == null) return;
    setError(null);
    try {
      const answer = await create.mutateAsync({
        cutId: line.cutId,
        intermediateRouteId: line.intermediateRouteId,
        reason: values.reason.trim(),
        claimedAmount: values.claimedAmount,
      });
      void message.success(answer.message || DISPUTE_CREATED_MESSAGE);
      onClose();
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  }

  return (
    <Modal
      open={line !== null}
      title="Disputar viaje"
      okText="Registrar disputa"
      cancelText="Cancelar"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {line ? (
        <Typography.Paragraph>
          {line.routeName} · {line.driverName} · {formatDateShortTime(line.endedAt)}
          <br />
          <Typography.Text type="secondary">
            Pagado en el corte #{line.cutId}: {formatMoney(line.cost)}
          </Typography.Text>
        </Typography.Paragraph>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} name="disputeCreate" layout="vertical" onFinish={submit}>
        <Form.Item label="Motivo" name="reason" rules={[reasonRule]}>
          <Input.TextArea rows={3} count={textLimit(500)} placeholder="Qué está mal en este viaje" />
        </Form.Item>
        <Form.Item
          label="Monto reclamado"
          name="claimedAmount"
          rules={[amountRule]}
          extra="Lo que reclama además de lo que el corte pagó por el viaje."
        >
          <InputNumber prefix="$" style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
