import { CutReport } from "../features/reports/cuts/components/cut-report";
import { TripSheetDrawer } from "../features/trips/components/trip-sheet-drawer";

/** Reporte Corte: the cuts (reports feature) with a billed trip's sheet (trips feature). */
export function ReportCutPage() {
  return (
    <CutReport renderTripSheet={(tripId, onClose) => <TripSheetDrawer tripId={tripId} onClose={onClose} />} />
  );
}
