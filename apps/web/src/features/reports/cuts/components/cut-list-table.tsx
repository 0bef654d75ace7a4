import { formatDateShortTime, formatMoney } from "@treiber/client/format";
import type { CutRecord } from "@treiber/contract";
import { Button, Card, type TableColumnsType } from "antd";
import { PagedTable, useTableParams } from "../../../../shared/components/data-table";
import { useCuts } from "../api/list-cuts";
import { formatCutPeriod } from "../lib/cut-period";

function cutColumns(onOpen: (cutId: number) => void): TableColumnsType<CutRecord> {
  return [
    { title: "Corte", dataIndex: "id", align: "right", render: (id: number) => `#${id}` },
    {
      title: "Período",
      key: "period",
      render: (_: unknown, cut) => formatCutPeriod(cut.sinceDate, cut.untilDate),
    },
    { title: "Generado por", dataIndex: "createdBy" },
    {
      title: "Generado el",
      dataIndex: "createdAt",
      render: (value: string) => formatDateShortTime(value),
    },
    { title: "Viajes", dataIndex: "trips", align: "right" },
    { title: "Colaboradores", dataIndex: "collaborators", align: "right" },
    { title: "Total", dataIndex: "total", align: "right", render: (value: number) => formatMoney(value) },
    {
      title: "Acciones",
      key: "open",
      render: (_: unknown, cut) => (
        <Button size="small" type="link" onClick={() => onOpen(cut.id)} aria-label={`Abrir corte #${cut.id}`}>
          Abrir
        </Button>
      ),
    },
  ];
}

/** The cuts made so far, newest first (GET Cut/list); each opens its General and Detail. */
export function CutListTable({ onOpen }: { onOpen: (cutId: number) => void }) {
  const table = useTableParams();
  const { criterion: _ignored, ...request } = table.request;
  const query = useCuts(request);
  return (
    <Card title="Cortes generados">
      <PagedTable<CutRecord>
        table={table}
        columns={cutColumns(onOpen)}
        rows={query.data?.list}
        total={query.data?.amount}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey="id"
        searchable={false}
        dateFilter
      />
    </Card>
  );
}
