import { formatDateTime } from "@treiber/client/format";
import type { TripRider } from "@treiber/contract";
import { Empty, Flex, Table, type TableColumnsType, Typography } from "antd";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { RiderComments } from "./rider-comments";
import { RiderStatusTag } from "./rider-status-tag";

export interface TripRidersTableProps {
  intermediateRouteId: number;
  riders: TripRider[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

function riderTime(rider: TripRider): string | null {
  return rider.status === "Canceled" ? rider.canceledDate : rider.scannedDate;
}

/** The collaborators of a trip: boarded, cancelled (with their comment) and still expected. */
export function TripRidersTable({
  intermediateRouteId,
  riders,
  loading,
  error,
  onRetry,
}: TripRidersTableProps) {
  const list = riders ?? [];
  const boarded = list.filter((r) => r.status === "Boarded").length;
  const canceled = list.filter((r) => r.status === "Canceled").length;

  const columns: TableColumnsType<TripRider> = [
    { title: "Colaborador", key: "name", render: (_, r) => `${r.name} ${r.lastname}`.trim() },
    { title: "Código", dataIndex: "codeEmployee" },
    { title: "Departamento", dataIndex: "department", render: (value: string | null) => value || "—" },
    {
      title: "Estado",
      dataIndex: "status",
      render: (value: TripRider["status"]) => <RiderStatusTag status={value} />,
    },
    {
      title: "Hora",
      key: "time",
      render: (_, r) => {
        const time = riderTime(r);
        return time ? formatDateTime(time) : "—";
      },
    },
    {
      title: "Comentario",
      dataIndex: "comment",
      render: (value: string | null) => value || "—",
    },
  ];

  return (
    <Flex vertical gap={8} data-testid="trip-riders">
      <Flex gap={16} wrap>
        <Typography.Text>{`Abordaron: ${boarded}`}</Typography.Text>
        <Typography.Text>{`Cancelaron: ${canceled}`}</Typography.Text>
        <Typography.Text type="secondary">{`Total: ${list.length}`}</Typography.Text>
      </Flex>
      {error ? <ErrorAlert error={error} onRetry={onRetry} /> : null}
      <Table<TripRider>
        rowKey="employeeId"
        size="small"
        columns={columns}
        dataSource={list}
        loading={loading}
        pagination={list.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: "max-content" }}
        expandable={{
          expandedRowRender: (rider) => (
            <RiderComments intermediateRouteId={intermediateRouteId} rider={rider} />
          ),
        }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No hay colaboradores en esta ruta" />
          ),
        }}
      />
    </Flex>
  );
}
