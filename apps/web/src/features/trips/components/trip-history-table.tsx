import type { TripSummary } from "@treiber/contract";
import { Alert, Button, Empty, Flex, Table, type TableColumnsType } from "antd";
import { getErrorMessage } from "../../../shared/api/get-error-message";
import { dayjs, formatDate, formatDuration, formatMoney, formatTime } from "../../../shared/format";

export interface TripHistoryTableProps {
  rows: TripSummary[] | undefined;
  total: number | undefined;
  page: number;
  pageSize: number;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onPageChange: (page: number) => void;
  onOpen: (id: number) => void;
}

/** Finished trips (IntermediateRoute/history), 5 per page. */
export function TripHistoryTable(props: TripHistoryTableProps) {
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
        <Button size="small" onClick={() => props.onOpen(row.id)}>
          Ver detalle
        </Button>
      ),
    },
  ];
  return (
    <Flex vertical gap={16} data-testid="trip-history-table">
      {props.error ? (
        <Alert
          type="error"
          showIcon
          message={getErrorMessage(props.error)}
          action={
            <Button size="small" onClick={props.onRetry}>
              Reintentar
            </Button>
          }
        />
      ) : null}
      <Table<TripSummary>
        rowKey="id"
        columns={columns}
        dataSource={props.rows ?? []}
        loading={props.loading}
        scroll={{ x: "max-content" }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="No hay rutas finalizadas en este período"
            />
          ),
        }}
        pagination={{
          current: props.page,
          pageSize: props.pageSize,
          total: props.total ?? 0,
          showSizeChanger: false,
          onChange: props.onPageChange,
        }}
      />
    </Flex>
  );
}
