import type { NotificationListItem } from "@treiber/contract";
import { Alert, Button, Empty, Flex, Table, type TableColumnsType, Tag, Typography } from "antd";
import { getErrorMessage } from "../../../shared/api/get-error-message";
import { formatDate, formatTime, timeAgo } from "../../../shared/format";
import { useNow } from "../../../shared/hooks/use-now";
import { NOTIFICATION_TAG_LABELS } from "../notification-tag-labels";
import { NotificationTagIcon } from "./notification-tag-icon";

export interface NotificationTableProps {
  rows: NotificationListItem[] | undefined;
  total: number | undefined;
  page: number;
  pageSize: number;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onPageChange: (page: number) => void;
}

/** The notification history: type, title, message, comment, date and read state. */
export function NotificationTable({
  rows,
  total,
  page,
  pageSize,
  loading,
  error,
  onRetry,
  onPageChange,
}: NotificationTableProps) {
  const now = useNow();
  const columns: TableColumnsType<NotificationListItem> = [
    {
      title: "Tipo",
      dataIndex: "tag",
      render: (_, row) => (
        <Flex gap={8} align="center">
          <NotificationTagIcon tag={row.tag} />
          <span>{NOTIFICATION_TAG_LABELS[row.tag] ?? row.tag}</span>
        </Flex>
      ),
    },
    { title: "Título", dataIndex: "title" },
    { title: "Mensaje", dataIndex: "message", width: 440 },
    {
      title: "Fecha",
      dataIndex: "createdDate",
      render: (value: string) => (
        <Flex vertical>
          <span>{`${formatDate(value)} ${formatTime(value)}`}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {timeAgo(value, now)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: "Estado",
      key: "read",
      render: (_, row) =>
        row.readDate === undefined ? null : row.readDate ? (
          <Tag>Leída</Tag>
        ) : (
          <Tag color="green">No leída</Tag>
        ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="notification-table">
      {error ? (
        <Alert
          type="error"
          showIcon
          message={getErrorMessage(error)}
          action={
            <Button size="small" onClick={onRetry}>
              Reintentar
            </Button>
          }
        />
      ) : null}
      <Table<NotificationListItem>
        rowKey="id"
        columns={columns}
        dataSource={rows ?? []}
        loading={loading}
        scroll={{ x: "max-content" }}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No hay notificaciones en este período" />
          ),
        }}
        pagination={{
          current: page,
          pageSize,
          total: total ?? 0,
          showSizeChanger: false,
          onChange: onPageChange,
        }}
      />
    </Flex>
  );
}
