import { getErrorMessage } from "@treiber/client";
import type { WebhookItem } from "@treiber/contract";
import { App, Button, Card, Empty, Flex, Table, Typography } from "antd";
import { useRef, useState } from "react";
import { useDeleteWebhook, useWebhooks } from "../features/webhooks/api/webhooks";
import { DeliveriesDrawer } from "../features/webhooks/components/deliveries-drawer";
import { NewWebhookDialog } from "../features/webhooks/components/new-webhook-dialog";
import { webhookColumns } from "../features/webhooks/components/webhook-columns";
import { useFocusableTableRegions } from "../shared/components/data-table/use-focusable-table-regions";
import { ErrorAlert } from "../shared/components/error-alert";
import { PageSection } from "../shared/components/page-section";

/**
 * /webhooks «Webhooks» (issue 39, decision 0085): a SuperAdmin's receivers of Treiber's events —
 * «Nuevo webhook» (its secret shown once), «Eliminar» with confirmation, and each one's deliveries
 * with «Reenviar».
 */
export function WebhooksPage() {
  const { message } = App.useApp();
  const tableArea = useRef<HTMLDivElement>(null);
  useFocusableTableRegions(tableArea);
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<WebhookItem | null>(null);

  async function onDelete(webhook: WebhookItem) {
    try {
      await remove.mutateAsync(webhook.id);
      void message.success(`Webhook eliminado: ${webhook.url}`);
    } catch (failure) {
      void message.error(getErrorMessage(failure));
    }
  }

  return (
    <PageSection title="Webhooks">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          Treiber avisa a otros sistemas de la empresa cuando un viaje empieza o termina, un colaborador
          aborda, se abre o cierra una incidencia, cambia una reserva o un colaborador, o se genera un corte.
          Cada envío va firmado (Standard Webhooks) y se reintenta durante 24 horas si el receptor no responde
          2xx.
        </Typography.Text>
        <Card ref={tableArea}>
          <Flex vertical gap={16}>
            <Flex justify="end">
              <Button type="primary" onClick={() => setCreating(true)}>
                Nuevo webhook
              </Button>
            </Flex>
            {webhooks.error ? (
              <ErrorAlert error={webhooks.error} onRetry={() => void webhooks.refetch()} />
            ) : (
              <Table
                rowKey="id"
                columns={webhookColumns(
                  setViewing,
                  onDelete,
                  remove.isPending ? remove.variables : undefined,
                )}
                dataSource={webhooks.data?.list}
                loading={webhooks.isLoading}
                pagination={false}
                scroll={{ x: 1190 }}
                locale={{
                  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No hay webhooks" />,
                }}
              />
            )}
          </Flex>
        </Card>
      </Flex>
      <NewWebhookDialog open={creating} onClose={() => setCreating(false)} />
      <DeliveriesDrawer webhook={viewing} onClose={() => setViewing(null)} />
    </PageSection>
  );
}
