import type { TripSummary } from "@treiber/contract";
import { Button, Flex, type TableColumnsType } from "antd";
import { TableBody, type TablePageProps } from "../../../shared/components/data-table";
import { dayjs, formatDate, formatDuration, formatMoney, formatTime } from "../../../shared/format";

export interface TripHistoryTableProps extends TablePageProps<TripSummary> {
  onOpen: (id: number) => void;
}

/** Finished trips (IntermediateRoute/history), 5 per page. */
export function TripHistoryTable({ onOpen, ...page }: TripHistoryTableProps) {
  const columns: TableColumnsType<TripSummary> = [
    { title: "Ruta", dataIndex: "routeName" },
    { title: "Chofer", key: "driver", render: (_, row) => `${row.driverName} ${row.driverLastname}`.trim() },
    { title: "Suplidor", dataIndex: "supplierName" },
    { title: "Fecha", dataIndex: "startedDate", key: "date", render: (value: string) => formatDate(value) },
    { title: "Inicio", dataIndex: "startedDate", key: "start", render: (value: string) => formatTime(value) },
    {
      title: "Fin",
      dataIndex: "endedDate",
      render: (value: string | null) => (value ? formatTime(value) : "—"),
    },
    {
      title: "Duración",
      key: "duration",
      render: (_, row) =>
        row.endedDate
          ? formatDuration(Math.max(0, dayjs(row.endedDate).diff(dayjs(row.startedDate), "minute")))
          : "—",
    },
    { title: "Colaboradores", dataIndex: "amountCollaborators", align: "right" },
    { title: "Cancelaciones", dataIndex: "amountCanceled", align: "right" },
    { title: "Costo", dataIndex: "cost", align: "right", render: (value: number) => formatMoney(value) },
    {
      title: "Detalle",
      key: "detail",
      fixed: "right",
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
