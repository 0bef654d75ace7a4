import { getErrorMessage } from "@treiber/client";
import { formatDateTime } from "@treiber/client/format";
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryItem,
  type WebhookDeliveryStatus,
  type WebhookItem,
} from "@treiber/contract";
import type { TableColumnsType } from "antd";
import { App, Button, Drawer, Flex, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { useIsMobile } from "../../../shared/hooks/use-is-mobile";
import { useDeliveries, useReplayDelivery } from "../api/webhooks";

const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = {
  PENDING: "gold",
  SUCCEEDED: "green",
  FAILED: "red",
};

function columns(onReplay: (delivery: WebhookDeliveryItem) => void, replayingId?: number) {
  const result: TableColumnsType<WebhookDeliveryItem> = [
    {
      title: "Evento",
      key: "event",
      width: 200,
      render: (_, delivery) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text code>{delivery.event}</Typography.Text>
          <Typography.Text type="secondary">{formatDateTime(delivery.createdAt)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: "Estado",
      key: "status",
      width: 220,
      render: (_, delivery) => (
        <Space orientation="vertical" size={0}>
          <span>
            <Tag color={STATUS_COLORS[delivery.status]}>
              {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
            </Tag>
            <Typography.Text type="secondary">
              {delivery.attempts} {delivery.attempts === 1 ? "intento" : "intentos"}
            </Typography.Text>
          </span>
          {delivery.lastError && <Typography.Text type="danger">{delivery.lastError}</Typography.Text>}
          {delivery.status === "PENDING" && delivery.nextAttemptAt && (
            <Typography.Text type="secondary">
              Próximo: {formatDateTime(delivery.nextAttemptAt)}
            </Typography.Text>
          )}
          {delivery.deliveredAt && (
            <Typography.Text type="secondary">
              Entregada: {formatDateTime(delivery.deliveredAt)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: "Acciones",
      key: "actions",
      width: 110,
      render: (_, delivery) => (
        <Button size="small" onClick={() => onReplay(delivery)} loading={replayingId === delivery.id}>
          Reenviar
        </Button>
      ),
    },
  ];
  return result;
}

/**
 * A webhook's delivery log (issue 39): newest first, by status, each with its attempts and last
 * error, the JSON sent (expand a row) and «Reenviar» (a new attempt with the same `webhook-id`).
 */
export function DeliveriesDrawer({ webhook, onClose }: { webhook: WebhookItem | null; onClose: () => void }) {
  const isMobile = useIsMobile();
  const { message } = App.useApp();
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>();
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(webhook ? { webhookId: webhook.id, status, page } : undefined);
  const replay = useReplayDelivery();

  async function onReplay(delivery: WebhookDeliveryItem) {
    try {
      const answer = await replay.mutateAsync(delivery.id);
      void message.success(answer.message);
    } catch (failure) {
      void message.error(getErrorMessage(failure));
    }
  }

  function close() {
    setStatus(undefined);
    setPage(1);
    onClose();
  }

  return (
    <Drawer
      open={webhook !== null}
      title={webhook ? `Entregas de ${webhook.url}` : "Entregas"}
      size={isMobile ? "100%" : 720}
      onClose={close}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Select
          allowClear
          placeholder="Todos los estados"
          aria-label="Estado"
          style={{ width: 220 }}
          value={status}
          onChange={(value: WebhookDeliveryStatus | undefined) => {
            setStatus(value);
            setPage(1);
          }}
          options={WEBHOOK_DELIVERY_STATUSES.map((value) => ({
            value,
            label: WEBHOOK_DELIVERY_STATUS_LABELS[value],
          }))}
        />
        {deliveries.error ? (
          <ErrorAlert error={deliveries.error} onRetry={() => void deliveries.refetch()} />
        ) : (
          <Table
            rowKey="id"
            size="small"
            columns={columns(onReplay, replay.isPending ? replay.variables : undefined)}
            dataSource={deliveries.data?.list}
            loading={deliveries.isFetching}
            expandable={{
              expandedRowRender: (delivery) => (
                <Typography.Paragraph style={{ marginBottom: 0 }}>
                  <Typography.Text type="secondary">webhook-id: </Typography.Text>
                  <Typography.Text code copyable>
                    {delivery.messageId}
                  </Typography.Text>
                  <pre style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", marginTop: 8 }}>
                    {JSON.stringify(delivery.payload, null, 2)}
                  </pre>
                </Typography.Paragraph>
              ),
            }}
            pagination={{
              current: page,
              pageSize: 10,
              total: deliveries.data?.amount ?? 0,
              showSizeChanger: false,
              onChange: setPage,
            }}
            scroll={{ x: 560 }}
            locale={{ emptyText: "No hay entregas" }}
          />
        )}
      </Flex>
    </Drawer>
  );
}
