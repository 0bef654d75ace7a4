import { Button, Tag } from "antd";
import { useState } from "react";
import { useOpenDisputes } from "../api/list-disputes";
import { DisputeDialog, type DisputedLine } from "./dispute-dialog";

/**
 * A cut line's dispute: «En disputa» while a dispute on the trip is open, otherwise «Disputar» for
 * its supplier's user (`canDispute`; an admin sees nothing). The cut's open disputes are one request
 * shared by every line.
 */
export function DisputeLineAction({ line, canDispute }: { line: DisputedLine; canDispute: boolean }) {
  const open = useOpenDisputes(line.cutId);
  const [disputing, setDisputing] = useState<DisputedLine | null>(null);
  const disputed = open.data?.list.some((item) => item.intermediateRouteId === line.intermediateRouteId);
  if (disputed) return <Tag color="gold">En disputa</Tag>;
  if (!canDispute) return null;
  return (
    <>
      <Button
        size="small"
        onClick={() => setDisputing(line)}
        disabled={open.isLoading}
        aria-label={`Disputar viaje ${line.routeName}`}
      >
        Disputar
      </Button>
      <DisputeDialog line={disputing} onClose={() => setDisputing(null)} />
    </>
  );
}
