import { formatDateTime } from "@treiber/client/format";
import { WEBHOOK_EVENT_LABELS, type WebhookItem } from "@treiber/contract";
import type { TableColumnsType } from "antd";
import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from "antd";

/** The columns of «Webhooks»: where each sends, what, how its deliveries go, and its actions. */
export function webhookColumns(
  onDeliveries: (webhook: WebhookItem) => void,
  onDelete: (webhook: WebhookItem) => void,
  deletingId?: number,
): TableColumnsType<WebhookItem> {
  return [
    {
      title: "URL",
      dataIndex: "url",
      key: "url",
      width: 300,
      render: (url: string, webhook) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text code ellipsis={{ tooltip: url }} style={{ maxWidth: 280 }}>
            {url}
          </Typography.Text>
          {webhook.description && <Typography.Text type="secondary">{webhook.description}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: "Eventos",
      dataIndex: "events",
      key: "events",
      width: 280,
      render: (events: WebhookItem["events"]) => (
        <Space size={[0, 4]} wrap>
          {events.map((event) => (
            <Tooltip key={event} title={WEBHOOK_EVENT_LABELS[event]}>
              <Tag>{event}</Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    {
      title: "Creado",
      key: "created",
      width: 190,
      render: (_, webhook) => (
        <Space orientation="vertical" size={0}>
          <span>{formatDateTime(webhook.createdAt)}</span>
          {webhook.createdBy && <Typography.Text type="secondary">{webhook.createdBy}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: "Entregas",
      key: "deliveries",
      width: 220,
      render: (_, webhook) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            {webhook.pending > 0 && <Tag color="gold">{webhook.pending} pendientes</Tag>}
            {webhook.failed > 0 && (
              <Tooltip title="Fallidas en las últimas 24 h">
                <Tag color="red">{webhook.failed} fallidas</Tag>
              </Tooltip>
            )}
          </Space>
          <Typography.Text type="secondary">
            {webhook.lastDeliveryAt
              ? `Última: ${formatDateTime(webhook.lastDeliveryAt)}`
              : "Sin entregas aún"}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: "Acciones",
      key: "actions",
      width: 200,
      render: (_, webhook) => (
        <Space>
          <Button size="small" onClick={() => onDeliveries(webhook)}>
            Entregas
          </Button>
          <Popconfirm
            title="¿Eliminar este webhook?"
            description="No se le enviará nada más; sus entregas pendientes se darán por fallidas."
            okText="Eliminar"
            cancelText="Cancelar"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(webhook)}
          >
            <Button size="small" danger loading={deletingId === webhook.id}>
              Eliminar
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
