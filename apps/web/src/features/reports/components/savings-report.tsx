import { formatMoney, formatNumber } from "@treiber/client/format";
import type { SavingsReportResponse } from "@treiber/contract";
import { Button } from "antd";
import { useState } from "react";
import { savingsReport } from "../api/get-savings-report";
import { useReportParams } from "../hooks/use-report-params";
import { TOTAL_CAPTIONS } from "../lib/total-captions";
import { EmissionFactorsDialog } from "./emission-factors-dialog";
import { BranchOfficeFilter, DestinationFilter, ShiftFilter } from "./report-filters";
import { ReportLayout } from "./report-layout";
import type { ReportTotal } from "./report-totals";
import { kg, km, type SavingsRow, savingsColumns } from "./savings-report-columns";

const FILTERS = ["branchOfficeId", "shiftId", "destinationId"] as const;

type Totals = SavingsReportResponse["data"]["totals"];

const count = (value: number) => formatNumber(value, 0);

/**
 * The period's savings: the standing plan against the day's (first row) and against what ran
 * (second row), each saying what it covers.
 */
export function savingsTotals(totals: Totals | undefined): ReportTotal[] {
  const c = TOTAL_CAPTIONS;
  return [
    {
      label: "Vehículos liberados",
      value: totals && count(totals.saved.vehicles),
      caption: c.savingsVehicles,
    },
    { label: "Km ahorrados", value: totals && km(totals.saved.km), caption: c.savingsKm },
    { label: "Costo ahorrado", value: totals && formatMoney(totals.saved.cost), caption: c.savingsCost },
    { label: "kg CO₂ evitados", value: totals && kg(totals.saved.co2Kg), caption: c.savingsCo2 },
    { label: "Viajes", value: totals && count(totals.trips), caption: c.savingsTrips },
    { label: "Km ahorrados (viajes)", value: totals && km(totals.savedRan.km), caption: c.savingsRanKm },
    {
      label: "Costo ahorrado (viajes)",
      value: totals && formatMoney(totals.savedRan.cost),
      caption: c.savingsRanCost,
    },
    {
      label: "kg CO₂ evitados (viajes)",
      value: totals && kg(totals.savedRan.co2Kg),
      caption: c.savingsRanCo2,
    },
  ];
}

/**
 * «Reporte Ahorro» (issue 36): per date, shift and workplace with a plan of the day, vehicles, km,
 * cost and CO₂ of the standing plan, the day's plan and what ran, the savings and the period's
 * totals; its Excel (ReporteAhorro.xlsx) and the «Factores de emisión» dialog.
 */
export function SavingsReport() {
  const report = useReportParams(FILTERS);
  const query = savingsReport.useReport(report.request);
  const [factorsOpen, setFactorsOpen] = useState(false);
  const rows = query.data?.data.items.map((item) => ({ ...item, key: String(item.dayPlanId) }));
  return (
    <>
      <ReportLayout<SavingsRow>
        title="Reporte Ahorro"
        report={report}
        columns={savingsColumns}
        rows={rows}
        total={query.data?.amount}
        totals={savingsTotals(query.data?.data.totals)}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey="key"
        searchPlaceholder="Buscar turno o destino"
        filters={
          <>
            <BranchOfficeFilter report={report} />
            <ShiftFilter report={report} />
            <DestinationFilter report={report} />
            <Button onClick={() => setFactorsOpen(true)}>Factores de emisión</Button>
          </>
        }
        excel={savingsReport.excel}
      />
      <EmissionFactorsDialog open={factorsOpen} onClose={() => setFactorsOpen(false)} />
    </>
  );
}
