import { getErrorMessage } from "@treiber/client";
import { App, Button, Popconfirm } from "antd";
import { useRegenerateCodeQr } from "../api/regenerate-code-qr";

export interface RegenerateCodeQrButtonProps {
  employeeId: number;
  /** Name of the collaborator, shown in the confirmation. */
  name: string;
}

/** 'Regenerar QR' with confirmation: the previous QR code stops working. */
export function RegenerateCodeQrButton({ employeeId, name }: RegenerateCodeQrButtonProps) {
  const { message } = App.useApp();
  const regenerate = useRegenerateCodeQr();
  return (
    <Popconfirm
      title={`¿Regenerar el código QR de "${name}"?`}
      description="El código QR anterior dejará de funcionar."
      okText="Sí"
      cancelText="No"
      onConfirm={() =>
        regenerate.mutate(
          { employeeId },
          {
            onSuccess: () => void message.success("Código QR regenerado"),
            onError: (error) => void message.error(getErrorMessage(error)),
          },
        )
      }
    >
      <Button size="small" loading={regenerate.isPending}>
        Regenerar QR
      </Button>
    </Popconfirm>
  );
}
