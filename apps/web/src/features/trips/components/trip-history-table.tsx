import { formatDate, formatDuration, formatMoney, formatTime, minutesBetween } from "@treiber/client/format";
import type { TripSummary } from "@treiber/contract";
import { Button, Flex, type TableColumnsType } from "antd";
import { TableBody, type TablePageProps } from "../../../shared/components/data-table";

export interface TripHistoryTableProps extends TablePageProps<TripSummary> {
  onOpen: (id: number) => void;
}

/**
 * Finished trips (IntermediateRoute/history), 5 per page. Supplier, riders and cancellations are in
 * the trip's detail ("Ver detalle"), so the columns fit a 1366-px laptop.
 */
export function TripHistoryTable({ onOpen, ...page }: TripHistoryTableProps) {
  const columns: TableColumnsType<TripSummary> = [
    { title: "Ruta", dataIndex: "routeName", width: 160, ellipsis: true },
    {
      title: "Chofer",
      key: "driver",
      width: 150,
      ellipsis: true,
      render: (_, row) => `${row.driverName} ${row.driverLastname}`.trim(),
    },
    {
      title: "Fecha",
      dataIndex: "startedDate",
      key: "date",
      width: 110,
      render: (value: string) => formatDate(value),
    },
    {
      title: "Inicio",
      dataIndex: "startedDate",
      key: "start",
      width: 110,
      render: (value: string) => formatTime(value),
    },
    {
      title: "Fin",
      dataIndex: "endedDate",
      width: 110,
      render: (value: string | null) => (value ? formatTime(value) : "—"),
    },
    {
      title: "Duración",
      key: "duration",
      width: 110,
      render: (_, row) =>
        row.endedDate ? formatDuration(minutesBetween(row.startedDate, row.endedDate)) : "—",
    },
    {
      title: "Costo",
      dataIndex: "cost",
      width: 100,
      align: "right",
      render: (value: number) => formatMoney(value),
    },
    {
      title: "Detalle",
      key: "detail",
      fixed: "right",
      width: 110,
      render: (_, row) => (
        <Button size="small" onClick={() => onOpen(row.id)}>
          Ver detalle
        </Button>
      ),
    },
  ];
  return (
    <Flex vertical gap={16} data-testid="trip-history-table">
      <TableBody<TripSummary>
        columns={columns}
        rowKey="id"
        emptyText="No hay rutas finalizadas en este período"
        {...page}
      />
    </Flex>
  );
}
