import { formatDate } from "@treiber/client/format";
import { Result, Typography } from "antd";
import { useEffect, useRef } from "react";
import type { ImportFlow } from "../hooks/use-import-flow";
import { countOf, type ImportKindConfig } from "../lib/import-kinds";
import { invitationsLine } from "../lib/invitation-wording";
import { previewRows, rowsWithoutLocation } from "../lib/preview-rows";
import { HeldInvitationsNotice } from "./held-invitations-notice";

/** Step 3: what the commit wrote. */
export function ImportResultStep({ config, flow }: { config: ImportKindConfig; flow: ImportFlow }) {
  const { result } = flow;
  // The preview is gone: the keyboard (and a screen reader) start again from what was written.
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => outcome.current?.focus(), []);
  if (!result) return null;
  const withoutHome = config.hasLocation ? rowsWithoutLocation(previewRows(result), flow.refused) : 0;
  const sendAt = result.invitations?.sendAt ?? null;
  const heldUntil = sendAt ? formatDate(sendAt) : null;
  return (
    <div ref={outcome} tabIndex={-1} style={{ outline: "none" }}>
      <Result
        status="success"
        title="Importación terminada"
        subTitle={`Creados: ${countOf(config, result.created)}. Actualizados: ${countOf(config, result.updated)}.${
          (result.unchanged ?? 0) > 0 ? ` Sin cambios: ${countOf(config, result.unchanged ?? 0)}.` : ""
        }`}
      >
        {result.created > 0 && (
          <Typography.Paragraph>
            {`${invitationsLine(result.created, heldUntil, true)} Cada cuenta nueva deberá cambiar su contraseña temporal al iniciar sesión.`}
          </Typography.Paragraph>
        )}
        {withoutHome > 0 && (
          <Typography.Paragraph>
            {`${countOf(config, withoutHome)} sin ubicación: búsquelos con el filtro «Sin ubicación» y ubíquelos en el mapa.`}
          </Typography.Paragraph>
        )}
      </Result>
      {sendAt && <HeldInvitationsNotice />}
    </div>
  );
}
