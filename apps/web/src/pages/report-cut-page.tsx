import { CutDisputes } from "../features/disputes/components/cut-disputes";
import { DisputeLineAction } from "../features/disputes/components/dispute-line-action";
import { useDisputeViewer } from "../features/disputes/hooks/use-dispute-viewer";
import { CutReport } from "../features/reports/cuts/components/cut-report";
import { TripSheetDrawer } from "../features/trips/components/trip-sheet-drawer";

/**
 * Reporte Corte: the cuts (reports feature) with a billed trip's sheet (trips feature) and, issue 37,
 * the disputes on a cut's lines (disputes feature): a supplier's user disputes a line, an admin
 * settles it, both see the history.
 */
export function ReportCutPage() {
  const viewer = useDisputeViewer();
  return (
    <CutReport
      renderTripSheet={(tripId, onClose) => <TripSheetDrawer tripId={tripId} onClose={onClose} />}
      renderDisputes={
        viewer
          ? (cutId, openCut) => <CutDisputes key={cutId} cutId={cutId} viewer={viewer} onOpenCut={openCut} />
          : undefined
      }
      renderLineAction={
        viewer ? (line) => <DisputeLineAction line={line} canDispute={viewer === "supplier"} /> : undefined
      }
    />
  );
}
