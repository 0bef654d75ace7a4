import { getErrorMessage } from "@treiber/client";
import { Alert, Button, Card, Flex, Tooltip } from "antd";
import { ProposeProgress } from "./propose-progress";

export interface ProposeBarProps {
  /** When the running search started, or null when none runs. */
  startedAt: number | null;
  pending: boolean;
  expectedSeconds: number;
  /** Why «Proponer rutas» cannot run yet, or null. */
  problem: string | null;
  error: unknown;
  onPropose: () => void;
  onCancel: () => void;
  /** The button's text (default «Proponer rutas»). */
  label?: string;
}

/** «Proponer rutas», or the running search's progress with «Cancelar»; the last error. */
export function ProposeBar({
  startedAt,
  pending,
  expectedSeconds,
  problem,
  error,
  onPropose,
  onCancel,
  label = "Proponer rutas",
}: ProposeBarProps) {
  return (
    <Card size="small">
      {pending && startedAt !== null ? (
        <ProposeProgress startedAt={startedAt} expectedSeconds={expectedSeconds} onCancel={onCancel} />
      ) : (
        <Flex align="center" gap={12} wrap>
          <Tooltip title={problem}>
            <Button type="primary" size="large" onClick={onPropose} disabled={problem !== null}>
              {label}
            </Button>
          </Tooltip>
          {problem ? <span>{problem}</span> : null}
        </Flex>
      )}
      {error ? (
        <Alert type="error" showIcon style={{ marginTop: 12 }} title={getErrorMessage(error)} />
      ) : null}
    </Card>
  );
}
