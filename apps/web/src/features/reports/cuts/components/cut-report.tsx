import type { CutHeadboardItem } from "@treiber/contract";
import { Flex } from "antd";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { PageTitle } from "../../../../shared/components/page-title";
import { useIsSupplierUser } from "../../../../shared/session/portal-role";
import { CutCheckAlert } from "./cut-check-alert";
import { CutListTable } from "./cut-list-table";
import { CutView } from "./cut-view";
import { GenerateCutButton } from "./generate-cut-button";

/** Positive integer of a URL parameter, or null. */
function readId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Reporte Corte: the cuts made (newest first), the billing check and 'Generar corte'; `?cutId=N`
 * opens one cut (its General and Detail), `&trip=M` a billed trip's sheet (drawn by `renderTripSheet`:
 * the page brings it from the trips feature). All in the URL. A supplier's user (issue 37) sees the
 * cuts limited to their trips (the server filters), without the billing check and «Generar corte»;
 * the page brings the cut's disputes and each line's dispute action from the disputes feature.
 */
export function CutReport({
  renderTripSheet,
  renderDisputes,
  renderLineAction,
}: {
  renderTripSheet: (tripId: number | null, onClose: () => void) => ReactNode;
  renderDisputes?: (cutId: number, openCut: (cutId: number) => void) => ReactNode;
  renderLineAction?: (line: CutHeadboardItem) => ReactNode;
}) {
  const supplierView = useIsSupplierUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const cutId = readId(searchParams.get("cutId"));
  const tripId = readId(searchParams.get("trip"));

  const openCut = (id: number | null) => setSearchParams(id === null ? {} : { cutId: String(id) });
  const setTrip = (id: number | null) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id === null) next.delete("trip");
        else next.set("trip", String(id));
        return next;
      },
      { replace: id === null },
    );

  return (
    <section>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <PageTitle style={{ margin: 0 }}>Reporte Corte</PageTitle>
        {supplierView ? null : <GenerateCutButton onGenerated={openCut} />}
      </Flex>
      {cutId === null ? (
        <Flex vertical gap={16}>
          {supplierView ? null : <CutCheckAlert />}
          <CutListTable onOpen={openCut} />
        </Flex>
      ) : (
        <CutView
          cutId={cutId}
          onBack={() => openCut(null)}
          onOpenTrip={setTrip}
          supplierView={supplierView}
          renderDisputes={renderDisputes && ((id) => renderDisputes(id, openCut))}
          renderLineAction={renderLineAction}
        />
      )}
      {renderTripSheet(tripId, () => setTrip(null))}
    </section>
  );
}
