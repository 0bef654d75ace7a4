import { getErrorMessage } from "@treiber/client";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from "@treiber/contract";
import { Alert, Checkbox, Form, Input, Modal, Space, Typography } from "antd";
import { useState } from "react";
import { SecretShownOnceModal } from "../../../shared/components/secret-shown-once-modal";
import { useCreateWebhook } from "../api/webhooks";

type Values = { url: string; description?: string; events: WebhookEvent[] };

/**
 * «Nuevo webhook»: the receiver's URL and the events; once created, its signing secret
 * (`whsec_…`) is shown this once with «Copiar» to verify the Standard Webhooks signatures.
 */
export function NewWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setSecret(null);
    setError(null);
    form.resetFields();
    create.reset();
    onClose();
  }

  async function submit(values: Values) {
    setError(null);
    try {
      const created = await create.mutateAsync({
        url: values.url,
        events: values.events,
        ...(values.description?.trim() && { description: values.description.trim() }),
      });
      setSecret(created.secret);
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  }

  if (secret) {
    return (
      <SecretShownOnceModal
        open={open}
        title="Webhook creado"
        warning="Copie este secreto ahora: no se volverá a mostrar."
        secret={secret}
        label="Secreto de firma"
        copiedText="Copiado"
        onClose={close}
      >
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          Cada envío lleva los encabezados <Typography.Text code>webhook-id</Typography.Text>,{" "}
          <Typography.Text code>webhook-timestamp</Typography.Text> y{" "}
          <Typography.Text code>webhook-signature</Typography.Text> (Standard Webhooks); verifíquelos con este
          secreto.
        </Typography.Paragraph>
      </SecretShownOnceModal>
    );
  }

  return (
    <Modal
      open={open}
      title="Nuevo webhook"
      okText="Crear"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ events: [] }}>
        <Form.Item
          name="url"
          label="URL"
          rules={[
            { required: true, whitespace: true, message: "Indique la URL" },
            { pattern: /^https?:\/\/\S+$/i, message: "La URL debe ser https:// (o http://)" },
          ]}
        >
          <Input maxLength={2048} placeholder="https://erp.miempresa.com/treiber/eventos" />
        </Form.Item>
        <Form.Item name="description" label="Descripción">
          <Input maxLength={200} placeholder="Ej. Nómina" />
        </Form.Item>
        <Form.Item
          name="events"
          label="Eventos"
          rules={[{ required: true, type: "array", min: 1, message: "Elija al menos un evento válido" }]}
        >
          <Checkbox.Group>
            <Space orientation="vertical">
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox key={event} value={event}>
                  {WEBHOOK_EVENT_LABELS[event]} <Typography.Text type="secondary">({event})</Typography.Text>
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
