import { Alert, Modal, Typography } from "antd";

export interface TemporaryPasswordModalProps {
  /** The password to show; null hides the modal. */
  password: string | null;
  title?: string;
  onClose: () => void;
}

/** Shows a temporary password once: it cannot be read again after closing. */
export function TemporaryPasswordModal({
  password,
  title = "Contraseña temporal",
  onClose,
}: TemporaryPasswordModalProps) {
  return (
    <Modal
      open={password !== null}
      title={title}
      okText="Entendido"
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: "none" } }}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title="Copie esta contraseña ahora: no se volverá a mostrar."
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph
        copyable={{ text: password ?? "" }}
        strong
        style={{ fontSize: 20, fontFamily: "monospace" }}
      >
        {password}
      </Typography.Paragraph>
    </Modal>
  );
}
