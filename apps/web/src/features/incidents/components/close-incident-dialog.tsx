import { getErrorMessage } from "@treiber/client";
import {
  INCIDENT_TYPE_LABELS,
  type IncidentItem,
  incidentCloseSchema,
  SAFETY_OUTCOME_LABELS,
  SAFETY_OUTCOMES,
  type SafetyOutcome,
} from "@treiber/contract";
import { Alert, App, Form, Input, Modal, Radio, Typography } from "antd";
import { useEffect, useState } from "react";
import { textLimit } from "../../../shared/forms/text-limit";
import { zodRule } from "../../../shared/forms/zod-rule";
import { useCloseIncident } from "../api/close-incident";
import { personLabel } from "../lib/safety-labels";

export interface CloseIncidentDialogProps {
  /** The SOS or unconfirmed safe arrival to close; null closes the dialog. */
  incident: IncidentItem | null;
  onClose: () => void;
  onClosed?: (id: number) => void;
}

interface CloseValues {
  note?: string;
  outcome?: SafetyOutcome;
}

const noteRule = zodRule(incidentCloseSchema.shape.note);
const outcomeRule = zodRule(incidentCloseSchema.shape.outcome);
const OUTCOME_OPTIONS = SAFETY_OUTCOMES.map((value) => ({ value, label: SAFETY_OUTCOME_LABELS[value] }));

/**
 * «Cerrar» a safety incident (issue 38): a required note and the outcome «Atendida» or «Falsa
 * alarma» → PUT Incident/close; the server's refusal in Spanish.
 */
export function CloseIncidentDialog({ incident, onClose, onClosed }: CloseIncidentDialogProps) {
  const [form] = Form.useForm<CloseValues>();
  const { message } = App.useApp();
  const close = useCloseIncident();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!incident) return;
    setError(null);
    form.resetFields();
  }, [incident, form]);

  async function submit({ note, outcome }: CloseValues) {
    if (!incident || !outcome) return;
    setError(null);
    try {
      await close.mutateAsync({ id: incident.id, note: note?.trim() ?? "", outcome });
      void message.success("Incidencia cerrada");
      onClosed?.(incident.id);
      onClose();
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  }

  const who = incident ? personLabel(incident) : null;
  return (
    <Modal
      open={incident !== null}
      title="Cerrar incidencia"
      okText="Cerrar incidencia"
      cancelText="Cancelar"
      confirmLoading={close.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {incident ? (
        <Typography.Paragraph>
          {[INCIDENT_TYPE_LABELS[incident.type], who, incident.routeName].filter(Boolean).join(" · ")}
        </Typography.Paragraph>
      ) : null}
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 16 }}
          data-testid="incident-close-error"
        />
      ) : null}
      <Form form={form} name="incidentClose" layout="vertical" onFinish={submit}>
        <Form.Item label="Resultado" name="outcome" rules={[outcomeRule]} required>
          <Radio.Group
            options={OUTCOME_OPTIONS}
            aria-label="Resultado"
            data-testid="incident-close-outcome"
          />
        </Form.Item>
        <Form.Item label="Nota" name="note" rules={[noteRule]} required>
          <Input.TextArea rows={3} count={textLimit(500)} data-testid="incident-close-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
