import { formatMoneyCents } from "@treiber/client/format";
import type { CutAdjustment } from "@treiber/contract";
import { Card, Table, type TableColumnsType, Typography } from "antd";

const columns: TableColumnsType<CutAdjustment> = [
  { title: "Disputa", dataIndex: "disputeId", width: 90, align: "right", render: (id: number) => `#${id}` },
  { title: "Del corte", dataIndex: "fromCutId", width: 90, align: "right", render: (id: number) => `#${id}` },
  { title: "Ruta", dataIndex: "routeName", width: 190, ellipsis: { showTitle: true } },
  { title: "Suplidor", dataIndex: "supplierName", width: 170, ellipsis: { showTitle: true } },
  { title: "Nota", dataIndex: "note", render: (note: string | null) => note ?? "—" },
  {
    title: "Monto",
    dataIndex: "amount",
    width: 110,
    align: "right",
    render: (value: number) => formatMoneyCents(value),
  },
];

/**
 * «Ajustes» of a cut (issue 37): disputes of earlier cuts accepted before this one was made, paid
 * here as their own lines (the disputed cut stays as it was). The cut's total includes them.
 */
export function CutAdjustments({ adjustments, total }: { adjustments: CutAdjustment[]; total?: number }) {
  const sum = total ?? adjustments.reduce((acc, line) => acc + line.amount, 0);
  return (
    <Card
      title="Ajustes"
      extra={<Typography.Text strong>Total ajustes: {formatMoneyCents(sum)}</Typography.Text>}
      data-testid="cut-adjustments"
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        Disputas aceptadas de cortes anteriores, pagadas en este corte.
      </Typography.Paragraph>
      <Table<CutAdjustment>
        size="small"
        rowKey="disputeId"
        columns={columns}
        dataSource={adjustments}
        pagination={false}
        scroll={{ x: "max-content" }}
      />
    </Card>
  );
}
