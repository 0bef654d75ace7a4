import { Alert, Button, Input, Modal, Space } from "antd";
import { type ReactNode, useState } from "react";

export interface SecretShownOnceModalProps {
  open: boolean;
  title: string;
  /** «Copie esta clave ahora: no se volverá a mostrar.» */
  warning: string;
  /** The secret (only its hash is kept by the server: it cannot be read again). */
  secret: string;
  /** The field's accessible name («Clave de API», «Secreto de firma»). */
  label: string;
  /** «Copiada» or «Copiado», as the noun asks. */
  copiedText: string;
  /** How to use it. */
  children?: ReactNode;
  onClose: () => void;
}

/** A secret shown this once with «Copiar» (API keys, webhook secrets). */
export function SecretShownOnceModal(props: SecretShownOnceModalProps) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard?.writeText(props.secret);
    setCopied(true);
  }
  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      footer={
        <Button type="primary" onClick={props.onClose}>
          Entendido
        </Button>
      }
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={props.warning} style={{ marginBottom: 16 }} />
      <Space.Compact style={{ width: "100%" }}>
        <Input readOnly value={props.secret} aria-label={props.label} style={{ fontFamily: "monospace" }} />
        <Button onClick={copy}>{copied ? props.copiedText : "Copiar"}</Button>
      </Space.Compact>
      {props.children}
    </Modal>
  );
}
