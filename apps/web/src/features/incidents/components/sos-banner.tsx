import { AlertFilled } from "@ant-design/icons";
import { formatDateTime } from "@treiber/client/format";
import type { IncidentItem } from "@treiber/contract";
import { Button, Flex, Typography } from "antd";
import { sosBannerLine } from "../lib/safety-labels";

export interface SosBannerProps {
  /** The SOS nobody has taken yet. */
  pending: readonly IncidentItem[];
  now: Date;
  onOpen: (item: IncidentItem) => void;
  onAcknowledge: (item: IncidentItem) => void;
}

/**
 * The red banner over the panel while an SOS waits for someone to take it (issue 38): who, which
 * route, since when, «Ver» (the person's live position) and «Atender» (which stops the alarm).
 */
export function SosBanner({ pending, now, onOpen, onAcknowledge }: SosBannerProps) {
  if (pending.length === 0) return null;
  return (
    <div
      role="alert"
      data-testid="sos-banner"
      style={{ background: "#a8071a", color: "#fff", borderRadius: 8, padding: "8px 12px" }}
    >
      <Flex vertical gap={6}>
        <Typography.Text strong style={{ color: "#fff", fontSize: 16 }}>
          <AlertFilled aria-hidden />{" "}
          {pending.length === 1 ? "Alerta SOS sin atender" : `${pending.length} alertas SOS sin atender`}
        </Typography.Text>
        {pending.map((item) => (
          <Flex
            key={item.id}
            gap={8}
            align="center"
            justify="space-between"
            wrap
            data-testid="sos-banner-item"
          >
            <span style={{ color: "#fff" }} title={formatDateTime(item.openedAt)}>
              {sosBannerLine(item, now)}
            </span>
            <Flex gap={6}>
              <Button
                size="small"
                ghost
                onClick={() => onOpen(item)}
                aria-label={`Ver SOS de ${item.personName ?? "la persona"}`}
                data-testid="sos-banner-open"
              >
                Ver
              </Button>
              <Button
                size="small"
                onClick={() => onAcknowledge(item)}
                aria-label={`Atender SOS de ${item.personName ?? "la persona"}`}
                data-testid="sos-banner-acknowledge"
              >
                Atender
              </Button>
            </Flex>
          </Flex>
        ))}
      </Flex>
    </div>
  );
}
