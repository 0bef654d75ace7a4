import { getErrorMessage } from "@treiber/client";
import { INCIDENT_TYPE_LABELS, type IncidentItem, incidentAcknowledgeSchema } from "@treiber/contract";
import { Alert, App, Form, Input, Modal, Typography } from "antd";
import { useEffect, useState } from "react";
import { textLimit } from "../../../shared/forms/text-limit";
import { zodRule } from "../../../shared/forms/zod-rule";
import { useAcknowledgeIncident } from "../api/acknowledge-incident";

export interface AcknowledgeDialogProps {
  /** The incident to acknowledge; null closes the dialog. */
  incident: IncidentItem | null;
  onClose: () => void;
  onAcknowledged?: (id: number) => void;
}

const noteRule = zodRule(incidentAcknowledgeSchema.shape.note);

/** «Atender»: an optional note (up to 500 characters) → PUT Incident/acknowledge; the server's error in Spanish. */
export function AcknowledgeDialog({ incident, onClose, onAcknowledged }: AcknowledgeDialogProps) {
  const [form] = Form.useForm<{ note?: string }>();
  const { message } = App.useApp();
  const acknowledge = useAcknowledgeIncident();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!incident) return;
    setError(null);
    form.resetFields();
  }, [incident, form]);

  async function submit({ note }: { note?: string }) {
    if (!incident) return;
    setError(null);
    try {
      await acknowledge.mutateAsync({ id: incident.id, note: note?.trim() ?? "" });
      void message.success("Incidencia atendida");
      onAcknowledged?.(incident.id);
      onClose();
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  }

  return (
    <Modal
      open={incident !== null}
      title="Atender incidencia"
      okText="Atender"
      cancelText="Cancelar"
      confirmLoading={acknowledge.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {incident ? (
        <Typography.Paragraph>
          {INCIDENT_TYPE_LABELS[incident.type]} · {incident.routeName}
        </Typography.Paragraph>
      ) : null}
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 16 }}
          data-testid="incident-acknowledge-error"
        />
      ) : null}
      <Form form={form} name="incidentAcknowledge" layout="vertical" onFinish={submit}>
        <Form.Item label="Nota (opcional)" name="note" rules={[noteRule]}>
          <Input.TextArea rows={3} count={textLimit(500)} data-testid="incident-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
