import { getErrorMessage } from "@treiber/client";
import { formatDate } from "@treiber/client/format";
import { Alert, App, Button, Popconfirm } from "antd";
import { useHeldInvitations } from "../hooks/use-held-invitations";
import { heldInvitationsLine } from "../lib/invitation-wording";

/**
 * The invitations imports hold until go-live («crear sin enviar», issue 33), when there are any,
 * with «Enviar invitaciones» to send them all now.
 */
export function HeldInvitationsNotice() {
  const { message } = App.useApp();
  const { held, send } = useHeldInvitations();
  if (!held || held.held === 0 || !held.nextSendAt || !held.lastSendAt) return null;
  const count = held.held;
  const sendNow = async () => {
    try {
      const { sent } = await send.mutateAsync();
      void message.success(sent === 1 ? "Se envió 1 invitación" : `Se enviaron ${sent} invitaciones`);
    } catch (failure) {
      void message.error(getErrorMessage(failure));
    }
  };
  return (
    <Alert
      type="info"
      showIcon
      title={heldInvitationsLine(count, formatDate(held.nextSendAt), formatDate(held.lastSendAt))}
      description="Cada una lleva la contraseña temporal de su cuenta y sale sola en su fecha, o ahora con «Enviar invitaciones»."
      action={
        <Popconfirm
          title={count === 1 ? "¿Enviar ahora 1 invitación?" : `¿Enviar ahora ${count} invitaciones?`}
          okText="Enviar"
          cancelText="Cancelar"
          onConfirm={() => void sendNow()}
        >
          <Button loading={send.isPending}>Enviar invitaciones</Button>
        </Popconfirm>
      }
    />
  );
}
