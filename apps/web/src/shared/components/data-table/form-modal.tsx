import { getErrorMessage, getFieldErrors } from "@treiber/client";
import { Alert, App, Form, type FormInstance, Modal } from "antd";
import { type ReactNode, useEffect, useId, useState } from "react";

export interface FormModalProps<Values> {
  open: boolean;
  title: string;
  form: FormInstance<Values>;
  /** Values to edit; undefined to create. */
  initialValues?: Partial<Values>;
  onSubmit: (values: Values) => Promise<unknown>;
  onClose: () => void;
  /**
   * What was saved, for the 'Guardado: …' message (issue 13 item 7); by default the values'
   * `name` (and `lastname`). `false` when the form shows its own message (one the spec fixes).
   */
  savedLabel?: ((values: Values) => string | undefined) | false;
  children: ReactNode;
}

/** 'Nombre Apellido' of saved values, or undefined when they have no name. */
export function defaultSavedLabel(values: object): string | undefined {
  const { name, lastname } = values as { name?: unknown; lastname?: unknown };
  const parts = [name, lastname].filter(
    (part): part is string => typeof part === "string" && part.trim() !== "",
  );
  return parts.length > 0 ? parts.map((part) => part.trim()).join(" ") : undefined;
}

/** The success message of a saved form: 'Guardado: Sucursal Centro', or 'Guardado'. */
export function savedMessage(label: string | undefined): string {
  return label ? `Guardado: ${label}` : "Guardado";
}

/** A create/edit form in a modal; server field errors (400/409) are shown on their fields. */
export function FormModal<Values extends object>({
  open,
  title,
  form,
  initialValues,
  onSubmit,
  onClose,
  savedLabel = defaultSavedLabel,
  children,
}: FormModalProps<Values>) {
  const { message } = App.useApp();
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
      if (savedLabel !== false) void message.success(savedMessage(savedLabel(values)));
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
