import { getErrorMessage } from "@treiber/client";
import type { NoShowResponse } from "@treiber/contract";
import { useState } from "react";
import type { FieldActionResult } from "../../../shared/outbox/field-action";
import { QUEUED_MESSAGE } from "../../../shared/outbox/send-field-action";
import { ConfirmDialog } from "../../../shared/ui/confirm-dialog";
import type { ShownRider } from "./local-trip";
import type { Coordinates } from "./trip-api";
import { riderName } from "./trip-riders";

export const NO_POSITION_MESSAGE =
  "Sin ubicación del teléfono: espere la señal del GPS para marcar ausente en la parada.";

/**
 * «Ausente» asked first (the rider is told): sent with the phone's position and time, or kept on the
 * phone without signal. The server's refusal stays in the dialog, plainly («Espere hasta las 06:42
 * en la parada»), so the driver can wait and try again. `onDone` gets what the trip screen says.
 */
export function NoShowDialog(props: {
  rider: ShownRider;
  position: Coordinates | null;
  send: (employeeId: number, position: Coordinates) => Promise<FieldActionResult<NoShowResponse>>;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { rider, position } = props;
  const name = riderName(rider);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    if (!position) return setRefusal(NO_POSITION_MESSAGE);
    setBusy(true);
    setRefusal(null);
    try {
      const result = await props.send(rider.employeeId, position);
      props.onDone(
        result.status === "sent"
          ? `${name}: ${result.data.message}.`
          : `${name} marcado ausente. ${QUEUED_MESSAGE}.`,
      );
    } catch (error) {
      setRefusal(getErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      title={`¿Marcar ausente a ${name}?`}
      confirmLabel="Marcar ausente"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={props.onCancel}
    >
      <p>Se registra con la ubicación y la hora de este teléfono, y se le avisa al colaborador.</p>
      {refusal ? (
        <p className="no-show-refused" role="alert">
          {refusal}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
