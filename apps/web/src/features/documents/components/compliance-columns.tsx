import { formatNumber } from "@treiber/client/format";
import { type ComplianceItem, DOCUMENT_OWNER_LABELS, DOCUMENT_TYPE_LABELS } from "@treiber/contract";
import { type TableColumnsType, Tag, Typography } from "antd";
import { formatServiceDate } from "../../../shared/format";
import { DocumentStatusTag } from "./document-tags";

/** «Vence hoy», «En 12 días», «Hace 3 días» from the days left on the branch office's today. */
export function daysText(daysLeft: number): string {
  if (daysLeft === 0) return "Vence hoy";
  const amount = Math.abs(daysLeft);
  const days = `${formatNumber(amount)} ${amount === 1 ? "día" : "días"}`;
  return daysLeft > 0 ? `En ${days}` : `Hace ${days}`;
}

/** «Bloquea a»: the driver an expired blocking paper keeps off the road (or will, once it expires). */
function blocksText(row: ComplianceItem) {
  if (row.blocksDriverId === null) return "—";
  const driver = row.ownerType === "DRIVER" ? row.ownerName : `Chofer de ${row.ownerName}`;
  return row.status === "EXPIRED" ? (
    <Tag color="red" data-testid="compliance-blocked">{`Bloqueado: ${driver}`}</Tag>
  ) : (
    <Tag color="gold">{`Al vencer: ${driver}`}</Tag>
  );
}

/**
 * How many rows each row's supplier cell spans when the page is grouped by supplier: the first row of
 * a run of the same supplier spans the run, the others 0 (antd hides them).
 */
function supplierRowSpans(rows: readonly ComplianceItem[]): number[] {
  return rows.map((row, index) => {
    if (index > 0 && rows[index - 1]?.supplierId === row.supplierId) return 0;
    let end = index + 1;
    while (rows[end]?.supplierId === row.supplierId) end++;
    return end - index;
  });
}

/** The supplier column; grouped (`grouped`: the page's rows), one merged cell per supplier run. */
function supplierColumn(
  grouped: readonly ComplianceItem[] | undefined,
): TableColumnsType<ComplianceItem>[number] {
  const column = { title: "Suplidor", dataIndex: "supplierName", width: 150, ellipsis: true } as const;
  if (!grouped) return column;
  const spans = supplierRowSpans(grouped);
  return {
    ...column,
    onCell: (_, index) => ({ rowSpan: spans[index ?? 0] ?? 1 }),
    render: (value: string) => (
      <Typography.Text strong data-testid="compliance-group">
        {value}
      </Typography.Text>
    ),
  };
}

/**
 * «Cumplimiento»'s columns, by supplier (administrators see the supplier column first). `grouped`:
 * the page's rows when they come grouped by supplier, so each supplier's cell spans its papers.
 */
export function complianceColumns(
  bySupplier: boolean,
  grouped?: readonly ComplianceItem[],
): TableColumnsType<ComplianceItem> {
  return [
    ...(bySupplier ? [supplierColumn(grouped)] : []),
    {
      title: "Titular",
      key: "owner",
      width: 200,
      ellipsis: true,
      render: (_, row) => `${DOCUMENT_OWNER_LABELS[row.ownerType]}: ${row.ownerName}`,
    },
    {
      title: "Documento",
      dataIndex: "type",
      width: 180,
      ellipsis: true,
      render: (_, row) => DOCUMENT_TYPE_LABELS[row.type],
    },
    { title: "Número", dataIndex: "number", width: 120, ellipsis: true },
    {
      title: "Vence",
      dataIndex: "expiresOn",
      width: 110,
      render: (value: string) => formatServiceDate(value),
    },
    { title: "Días", dataIndex: "daysLeft", width: 110, render: (value: number) => daysText(value) },
    {
      title: "Estado",
      dataIndex: "status",
      width: 110,
      render: (_, row) => <DocumentStatusTag status={row.status} />,
    },
    { title: "Bloquea a", key: "blocks", width: 220, ellipsis: true, render: (_, row) => blocksText(row) },
  ];
}
