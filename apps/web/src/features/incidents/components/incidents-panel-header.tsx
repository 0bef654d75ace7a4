import { MutedOutlined, SettingOutlined, SoundOutlined } from "@ant-design/icons";
import { Badge, Button, Flex, Tag, Tooltip } from "antd";
import { SectionTitle } from "../../../shared/components/section-title";

export interface IncidentsPanelHeaderProps {
  headingId: string;
  openCount: number;
  /** Critical incidents that arrived live and are not seen yet. */
  newCritical: number;
  onSeen: () => void;
  muted: boolean;
  onToggleMuted: () => void;
  onThresholds: () => void;
}

/** «Incidencias» with the unclosed count, the new critical ones, the alert sound and the thresholds. */
export function IncidentsPanelHeader({
  headingId,
  openCount,
  newCritical,
  onSeen,
  muted,
  onToggleMuted,
  onThresholds,
}: IncidentsPanelHeaderProps) {
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Flex align="center" gap={8}>
        <SectionTitle size={4} style={{ margin: 0 }}>
          <span id={headingId}>Incidencias</span>
        </SectionTitle>
        <Badge
          count={openCount}
          showZero
          overflowCount={999}
          color={openCount > 0 ? "#cf1322" : "#1b5e20"}
          title={`${openCount} sin cerrar`}
          data-testid="incidents-open-count"
        />
        <span className="plain-visually-hidden">sin cerrar</span>
        {newCritical > 0 ? (
          <>
            <Tag color="red" data-testid="incidents-new-critical">
              {newCritical === 1 ? "1 nueva crítica" : `${newCritical} nuevas críticas`}
            </Tag>
            <Button type="link" size="small" onClick={onSeen} data-testid="incidents-seen">
              Marcar como vistas
            </Button>
          </>
        ) : null}
      </Flex>
      <Flex gap={4}>
        <Tooltip
          title={
            muted
              ? "Activar el sonido de alertas (la alarma SOS suena siempre)"
              : "Silenciar el sonido de alertas (la alarma SOS suena siempre)"
          }
        >
          <Button
            type="text"
            icon={muted ? <MutedOutlined /> : <SoundOutlined />}
            aria-label="Silenciar alertas"
            aria-pressed={muted}
            onClick={onToggleMuted}
            data-testid="incidents-mute"
          />
        </Tooltip>
        <Tooltip title="Umbrales de incidencias">
          <Button
            type="text"
            icon={<SettingOutlined />}
            aria-label="Umbrales de incidencias"
            onClick={onThresholds}
            data-testid="incidents-thresholds"
          />
        </Tooltip>
      </Flex>
    </Flex>
  );
}
