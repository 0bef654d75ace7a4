import { formatNumber } from "@treiber/client/format";
import { Button, Flex, Progress, Typography } from "antd";
import { useEffect, useState } from "react";

export interface ProposeProgressProps {
  startedAt: number;
  /** Seconds the planner is expected to search. */
  expectedSeconds: number;
  onCancel: () => void;
}

/**
 * While the planner searches: the seconds so far against the expected budget (the server answers
 * when it is done, so this is time, not work) and «Cancelar», which closes the request.
 */
export function ProposeProgress({ startedAt, expectedSeconds, onCancel }: ProposeProgressProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const elapsed = Math.max(0, (now - startedAt) / 1000);
  const percent = Math.min(99, Math.round((elapsed / expectedSeconds) * 100));
  const late = elapsed > expectedSeconds + 1;
  return (
    <Flex vertical gap={4} data-testid="propose-progress">
      <Flex align="center" gap={12}>
        <Progress
          percent={percent}
          status="active"
          showInfo={false}
          style={{ flex: 1, margin: 0 }}
          aria-label="Progreso de la propuesta"
        />
        <Button onClick={onCancel}>Cancelar</Button>
      </Flex>
      <Typography.Text type="secondary">
        <span role="status">Buscando rutas…</span> {formatNumber(Math.floor(elapsed))} s de unos{" "}
        {formatNumber(expectedSeconds)} s
        {late ? " (tarda más de lo previsto: termina solo o puede cancelar)" : ""}
      </Typography.Text>
    </Flex>
  );
}
