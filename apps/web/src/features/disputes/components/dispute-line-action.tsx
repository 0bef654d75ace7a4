import { Button, Tag } from "antd";
import { useState } from "react";
import { useOpenDisputes } from "../api/list-disputes";
import { DisputeDialog, type DisputedLine } from "./dispute-dialog";

/**
 * A cut line as its supplier sees it: «En disputa» while a dispute on the trip is open, otherwise
 * «Disputar» (the cut's open disputes are one request shared by every line).
 */
export function DisputeLineAction({ line }: { line: DisputedLine }) {
  const open = useOpenDisputes(line.cutId);
  const [disputing, setDisputing] = useState<DisputedLine | null>(null);
  const disputed = open.data?.list.some((item) => item.intermediateRouteId === line.intermediateRouteId);
  if (disputed) return <Tag color="gold">En disputa</Tag>;
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
