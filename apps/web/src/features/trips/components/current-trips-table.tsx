import { formatMinutes, formatTime, minutesBetween, timeAgo } from "@treiber/client/format";
import type { TripSummary } from "@treiber/contract";
import { Button, type TableColumnsType } from "antd";
import { PagedTable, type TableParamsState } from "../../../shared/components/data-table";
import { useCurrentTrips } from "../api/list-current-trips";

export interface CurrentTripsTableProps {
  table: TableParamsState;
  now: Date;
  onOpen: (id: number) => void;
}

/**
 * Trips in progress (IntermediateRoute/current/list), searchable and paged. Supplier and
 * cancellations are in the trip's detail ("Ver en el mapa"), so the columns fit a 1366-px laptop.
 */
export function CurrentTripsTable({ table, now, onOpen }: CurrentTripsTableProps) {
  const query = useCurrentTrips(table.request);
  const columns: TableColumnsType<TripSummary> = [
    { title: "Ruta", dataIndex: "routeName", width: 170, ellipsis: true },
    {
      title: "Chofer",
      key: "driver",
      width: 150,
      ellipsis: true,
      render: (_, row) => `${row.driverName} ${row.driverLastname}`.trim(),
    },
    { title: "Inicio", dataIndex: "startedDate", width: 110, render: (value: string) => formatTime(value) },
    {
      title: "Tiempo en curso",
      key: "elapsed",
      width: 140,
      // A time (spec §9: 'N mins', 'N hora y M mins'); a finished trip's length is a duration.
      render: (_, row) => formatMinutes(minutesBetween(row.startedDate, now)),
    },
    { title: "Colaboradores", dataIndex: "amountCollaborators", width: 120, align: "right" },
    {
      title: "Última posición",
      dataIndex: "lastPositionDate",
      width: 140,
      render: (value: string | null) => (value ? timeAgo(value, now) : "Sin posición"),
    },
    {
      title: "Detalle",
      key: "detail",
      fixed: "right",
      width: 130,
      render: (_, row) => (
        <Button size="small" type="primary" ghost onClick={() => onOpen(row.id)}>
          Ver en el mapa
        </Button>
      ),
    },
  ];

  return (
    <PagedTable<TripSummary>
      table={table}
      columns={columns}
      rows={query.data?.list}
      total={query.data?.amount}
      loading={query.isFetching && (!query.data || query.isPlaceholderData)}
      error={query.error}
      onRetry={() => void query.refetch()}
      rowKey="id"
      searchPlaceholder="Buscar ruta o chofer"
    />
  );
}
