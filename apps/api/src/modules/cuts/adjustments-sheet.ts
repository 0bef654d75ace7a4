import type { CutAdjustment } from "@treiber/contract";
import type { AnyWorkbookSheet } from "../../lib/excel/stream-sheet.js";

/** The «Ajustes» sheet of a cut's General Excel: its adjustment lines and their total. */
export const adjustmentsSheet = (adjustments: CutAdjustment[]): AnyWorkbookSheet => ({
  sheetName: "Ajustes",
  title: "Ajustes del corte (disputas aceptadas de cortes anteriores)",
  rows: adjustments,
  columns: [
    { header: "Disputa", type: "id", value: (item: CutAdjustment) => item.disputeId },
    { header: "Corte del viaje", type: "id", value: (item: CutAdjustment) => item.fromCutId },
    { header: "Viaje", type: "id", value: (item: CutAdjustment) => item.intermediateRouteId },
    { header: "Ruta", type: "text", value: (item: CutAdjustment) => item.routeName },
    { header: "Suplidor", type: "text", value: (item: CutAdjustment) => item.supplierName },
    { header: "Nota", type: "text", value: (item: CutAdjustment) => item.note },
    { header: "Monto", type: "money", value: (item: CutAdjustment) => item.amount, total: true },
  ],
});
