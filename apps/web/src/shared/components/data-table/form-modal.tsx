import { getErrorMessage, getFieldErrors } from "@treiber/client";
import { Alert, Form, type FormInstance, Modal } from "antd";
import { type ReactNode, useEffect, useId, useState } from "react";

export interface FormModalProps<Values> {
  open: boolean;
  title: string;
  form: FormInstance<Values>;
  /** Values to edit; undefined to create. */
  initialValues?: Partial<Values>;
  onSubmit: (values: Values) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/** A create/edit form in a modal; server field errors (400/409) are shown on their fields. */
export function FormModal<Values extends object>({
  open,
  title,
  form,
  initialValues,
  onSubmit,
  onClose,
  children,
}: FormModalProps<Values>) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Modals are rendered ahead of time: a per-form name keeps field ids (and labels) unique on the page.
  const formName = `form${useId().replace(/[^a-zA-Z0-9]/g, "")}`;

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, initialValues, form]);

  async function submit(values: Values) {
    setSaving(true);
    setError(null);
    try {
      await onSubmit(values);
      onClose();
    } catch (failure) {
      const fields = Object.entries(getFieldErrors(failure));
      const known = fields.filter(([name]) => form.getFieldInstance(name) !== undefined);
      if (known.length > 0) {
        form.setFields(known.map(([name, message]) => ({ name: name as never, errors: [message] })));
      }
      if (known.length === 0 || known.length < fields.length) setError(getErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form<Values> form={form} name={formName} layout="vertical" onFinish={submit} requiredMark>
        {children}
      </Form>
    </Modal>
  );
}
