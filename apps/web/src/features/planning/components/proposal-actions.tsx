import { formatNumber } from "@treiber/client/format";
import { App, Button, Flex, Tooltip, Typography } from "antd";

export interface ProposalActionsProps {
  seconds: number;
  moves: number;
  /** Why «Aplicar» cannot run yet, or null. */
  problem: string | null;
  conflict: string | null;
  onDiscard: () => void;
  onApply: () => void;
}

/** The proposal's header: how long the search took, the moves made, «Descartar» and «Aplicar». */
export function ProposalActions({
  seconds,
  moves,
  problem,
  conflict,
  onDiscard,
  onApply,
}: ProposalActionsProps) {
  const { modal } = App.useApp();
  const discard = () => {
    if (moves === 0) {
      onDiscard();
      return;
    }
    modal.confirm({
      title: "¿Descartar la propuesta?",
      content: `Se pierden los ${moves === 1 ? "cambios hechos (1 movimiento)" : `cambios hechos (${moves} movimientos)`}. No se escribe nada.`,
      okText: "Descartar",
      cancelText: "Volver",
      onOk: onDiscard,
    });
  };
  return (
    <Flex gap={8} align="center">
      <Typography.Text type="secondary">
        Buscó {formatNumber(seconds, 1, 1)} s
        {moves > 0 ? ` · ${moves} ${moves === 1 ? "movimiento" : "movimientos"}` : ""}
      </Typography.Text>
      <Button onClick={discard}>Descartar</Button>
      <Tooltip title={problem}>
        <Button type="primary" disabled={problem !== null || conflict !== null} onClick={onApply}>
          Aplicar
        </Button>
      </Tooltip>
    </Flex>
  );
}
