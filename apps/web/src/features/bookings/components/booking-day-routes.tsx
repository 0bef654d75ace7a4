import type { BookingReportDayItem } from "@treiber/contract";
import { Button, Table, type TableColumnsType, Tag, Typography } from "antd";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { formatServiceDate } from "../../../shared/format";
import { useBookingDayRoutes } from "../api/list-booking-day-routes";
import type { BookingParams } from "../hooks/use-booking-params";

/** Null seats: no limit known (no seats of its own, no vehicle capacity). */
export const seatsText = (seats: number | null) => (seats === null ? "Sin límite" : seats);

function columns(onOpen: (routeId: number) => void): TableColumnsType<BookingReportDayItem> {
  return [
    {
      title: "Ruta",
      dataIndex: "routeName",
      render: (name: string, row) => (
        <>
          {name}
          <br />
          <Typography.Text type="secondary">{row.shiftName ?? "Sin turno"}</Typography.Text>
        </>
      ),
    },
    { title: "Asientos", dataIndex: "seats", align: "right", render: seatsText },
    {
      title: "Confirmados",
      dataIndex: "confirmed",
      align: "right",
      render: (confirmed: number, row) =>
        row.seats !== null && confirmed >= row.seats ? (
          <>
            {confirmed} <Tag color="orange">Completo</Tag>
          </>
        ) : (
          confirmed
        ),
    },
    { title: "En espera", dataIndex: "waitlisted", align: "right" },
    { title: "Cancelados", dataIndex: "cancelled", align: "right" },
    { title: "Ausentes", dataIndex: "noShows", align: "right" },
    { title: "Viajaron", dataIndex: "ridden", align: "right" },
    {
      title: "Manifiesto",
      key: "open",
      render: (_: unknown, row) => (
        <Button
          size="small"
          aria-label={`Ver manifiesto de ${row.routeName}`}
          onClick={() => onOpen(row.routeId)}
        >
          Ver manifiesto
        </Button>
      ),
    },
  ];
}

/** The routes running on the date (of the shift, or every shift) with their seats and counts. */
export function BookingDayRoutes({ params }: { params: BookingParams }) {
  const query = useBookingDayRoutes({ date: params.date, shiftId: params.shiftId });
  if (query.error && !query.data) {
    return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  }
  const empty = params.shiftId
    ? `Ninguna ruta de este turno opera el ${formatServiceDate(params.date)}`
    : `Ninguna ruta opera el ${formatServiceDate(params.date)}`;
  return (
    <Table<BookingReportDayItem>
      size="small"
      rowKey="routeId"
      columns={columns((routeId) => params.openRoute(routeId))}
      dataSource={query.data}
      loading={query.isFetching}
      scroll={{ x: "max-content" }}
      pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      rowClassName={(row) => (row.routeId === params.routeId ? "ant-table-row-selected" : "")}
      locale={{ emptyText: query.isFetching ? " " : empty }}
    />
  );
}
