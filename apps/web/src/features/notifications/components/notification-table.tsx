import { formatDateTime, timeAgo } from "@treiber/client/format";
import type { NotificationListItem } from "@treiber/contract";
import { Flex, type TableColumnsType, Tag, Typography } from "antd";
import { TableBody, type TablePageProps } from "../../../shared/components/data-table";
import { useNow } from "../../../shared/hooks/use-now";
import { NOTIFICATION_TAG_LABELS } from "../notification-tag-labels";
import { NotificationTagIcon } from "./notification-tag-icon";

export type NotificationTableProps = TablePageProps<NotificationListItem>;

/** The notification history: type, title, message, comment, date and read state. */
export function NotificationTable(page: NotificationTableProps) {
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
          <span>{formatDateTime(value)}</span>
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
      <TableBody<NotificationListItem>
        columns={columns}
        rowKey="id"
        emptyText="No hay notificaciones en este período"
        {...page}
      />
    </Flex>
  );
}
