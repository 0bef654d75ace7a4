import { getErrorMessage } from "@treiber/client";
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope } from "@treiber/contract";
import { Alert, Checkbox, Form, Input, Modal, Space, Typography } from "antd";
import { useState } from "react";
import { SecretShownOnceModal } from "../../../shared/components/secret-shown-once-modal";
import { useCreateApiKey } from "../api/api-keys";

type Values = { name: string; scopes: ApiKeyScope[] };

/**
 * «Nueva clave»: a name and the scopes; once created, the key is shown this once with «Copiar»
 * (only its SHA-256 is kept: it cannot be read again).
 */
export function NewApiKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateApiKey();
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setKey(null);
    setError(null);
    form.resetFields();
    create.reset();
    onClose();
  }

  async function submit(values: Values) {
    setError(null);
    try {
      const created = await create.mutateAsync({ name: values.name, scopes: values.scopes });
      setKey(created.key);
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  }

  if (key) {
    return (
      <SecretShownOnceModal
        open={open}
        title="Clave creada"
        warning="Copie esta clave ahora: no se volverá a mostrar."
        secret={key}
        label="Clave de API"
        copiedText="Copiada"
        onClose={close}
      >
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          Úsela en el encabezado <Typography.Text code>Authorization: Bearer {"<clave>"}</Typography.Text>.
        </Typography.Paragraph>
      </SecretShownOnceModal>
    );
  }

  return (
    <Modal
      open={open}
      title="Nueva clave"
      okText="Crear"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ scopes: [] }}>
        <Form.Item
          name="name"
          label="Nombre"
          rules={[{ required: true, whitespace: true, message: "Indique un nombre" }]}
        >
          <Input maxLength={80} placeholder="Ej. Sistema de nómina" />
        </Form.Item>
        <Form.Item
          name="scopes"
          label="Permisos"
          rules={[{ required: true, type: "array", min: 1, message: "Elija al menos un permiso válido" }]}
        >
          <Checkbox.Group>
            <Space orientation="vertical">
              {API_KEY_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope}>
                  {API_KEY_SCOPE_LABELS[scope]} <Typography.Text type="secondary">({scope})</Typography.Text>
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
