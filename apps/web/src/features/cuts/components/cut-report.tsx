import { Flex, Tabs, Typography } from "antd";
import { useSearchParams } from "react-router";
import { useReportParams } from "../../reports/hooks/use-report-params";
import { CutGeneralTable } from "./cut-general-table";
import { CutHeadboardTable } from "./cut-headboard-table";
import { GenerateCutButton } from "./generate-cut-button";

type CutTab = "general" | "detail";

/** Reporte Corte: generate a cut, then its general (per supplier) and detail (per trip) lists. */
export function CutReport() {
  const report = useReportParams(["supplierName"]);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: CutTab = searchParams.get("tab") === "detail" ? "detail" : "general";

  function changeTab(next: string) {
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === "detail") params.set("tab", "detail");
        else params.delete("tab");
        params.delete("page");
        params.delete("criterion");
        return params;
      },
      { replace: true },
    );
  }

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
      <Tabs
        activeKey={tab}
        onChange={changeTab}
        destroyOnHidden
        items={[
          { key: "general", label: "General", children: <CutGeneralTable report={report} /> },
          { key: "detail", label: "Detalle", children: <CutHeadboardTable report={report} /> },
        ]}
      />
    </section>
  );
}
