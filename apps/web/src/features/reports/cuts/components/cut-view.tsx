import { ArrowLeftOutlined } from "@ant-design/icons";
import { formatDateShortTime, formatMoney, formatMoneyCents } from "@treiber/client/format";
import type { CutHeadboardItem } from "@treiber/contract";
import { Button, Card, Descriptions, Flex, Typography } from "antd";
import type { ReactNode } from "react";
import { ErrorAlert } from "../../../../shared/components/error-alert";
import { SectionTitle } from "../../../../shared/components/section-title";
import { ReportTabs } from "../../components/report-tabs";
import { TOTAL_CAPTIONS } from "../../lib/total-captions";
import { useCut } from "../api/get-cut";
import { useCutReportParams } from "../hooks/use-cut-report-params";
import { formatCutPeriod } from "../lib/cut-period";
import { CutAdjustments } from "./cut-adjustments";
import { CutGeneralTable } from "./cut-general-table";
import { CutHeadboardTable } from "./cut-headboard-table";

export interface CutViewProps {
  cutId: number;
  onBack: () => void;
  onOpenTrip: (tripId: number) => void;
  /** A supplier's user: no supplier filter (the server gives them only their rows). */
  supplierView?: boolean;
  /** Under the record: the cut's disputes (the page brings them from the disputes feature). */
  renderDisputes?: (cutId: number) => ReactNode;
  /** Each trip line's dispute action («Disputar» / «En disputa»), for a supplier's user. */
  renderLineAction?: (line: CutHeadboardItem) => ReactNode;
}

/**
 * One cut as it was made: its record (with its adjustment lines and open disputes, issue 37), the
 * disputes on its trips, then its General (per supplier) and Detail (per trip).
 */
export function CutView({
  cutId,
  onBack,
  onOpenTrip,
  supplierView = false,
  renderDisputes,
  renderLineAction,
}: CutViewProps) {
  const cut = useCut(cutId);
  const report = useCutReportParams(cutId);
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          Todos los cortes
        </Button>
        <SectionTitle size={4} style={{ margin: 0 }}>
          Corte #{cutId}
        </SectionTitle>
      </Flex>
      {cut.error ? (
        <ErrorAlert error={cut.error} onRetry={() => void cut.refetch()} />
      ) : (
        <Card loading={cut.isLoading}>
          {cut.data && (
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
              <Descriptions.Item label="Período">
                {formatCutPeriod(cut.data.sinceDate, cut.data.untilDate)}
              </Descriptions.Item>
              <Descriptions.Item label="Generado por">{cut.data.createdBy}</Descriptions.Item>
              <Descriptions.Item label="Generado el">
                {formatDateShortTime(cut.data.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label="Viajes">{cut.data.trips}</Descriptions.Item>
              <Descriptions.Item label="Colaboradores">{cut.data.collaborators}</Descriptions.Item>
              <Descriptions.Item label="Total">{formatMoney(cut.data.total)}</Descriptions.Item>
              {cut.data.adjustmentsTotal ? (
                <Descriptions.Item label="Ajustes (incluidos en el total)">
                  {formatMoneyCents(cut.data.adjustmentsTotal)}
                </Descriptions.Item>
              ) : null}
              {cut.data.openDisputes !== undefined ? (
                <Descriptions.Item label="Disputas abiertas">{cut.data.openDisputes}</Descriptions.Item>
              ) : null}
            </Descriptions>
          )}
          {cut.data && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="report-total-caption">
              {TOTAL_CAPTIONS.cutCost} Colaboradores: {TOTAL_CAPTIONS.boardings.toLowerCase()}
            </Typography.Text>
          )}
        </Card>
      )}
      {cut.data?.adjustments?.length ? (
        <CutAdjustments adjustments={cut.data.adjustments} total={cut.data.adjustmentsTotal} />
      ) : null}
      {renderDisputes?.(cutId)}
      <ReportTabs
        tabs={[
          {
            key: "general",
            label: "General",
            render: () => <CutGeneralTable report={report} supplierView={supplierView} />,
          },
          {
            key: "detail",
            label: "Detalle",
            render: () => (
              <CutHeadboardTable
                report={report}
                onOpenTrip={onOpenTrip}
                supplierView={supplierView}
                renderLineAction={renderLineAction}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
