import { Flex, Typography } from "antd";
import { ReportTabs } from "../../reports/components/report-tabs";
import { useReportParams } from "../../reports/hooks/use-report-params";
import { CutGeneralTable } from "./cut-general-table";
import { CutHeadboardTable } from "./cut-headboard-table";
import { GenerateCutButton } from "./generate-cut-button";

/** Reporte Corte: generate a cut, then its general (per supplier) and detail (per trip) lists. */
export function CutReport() {
  const report = useReportParams(["supplierName"]);
  return (
    <section>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Reporte Corte
        </Typography.Title>
        <GenerateCutButton
          sinceDate={report.request.sinceDate}
          untilDate={report.request.untilDate}
          onGenerated={report.table.setDateRange}
        />
      </Flex>
      <ReportTabs
        tabs={[
          { key: "general", label: "General", render: () => <CutGeneralTable report={report} /> },
          { key: "detail", label: "Detalle", render: () => <CutHeadboardTable report={report} /> },
        ]}
      />
    </section>
  );
}
