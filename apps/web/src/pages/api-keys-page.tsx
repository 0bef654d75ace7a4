import { getErrorMessage } from "@treiber/client";
import type { ApiKeyItem } from "@treiber/contract";
import { App, Button, Card, Empty, Flex, Table, Typography } from "antd";
import { useRef, useState } from "react";
import { useApiKeys, useRevokeApiKey } from "../features/api-keys/api/api-keys";
import { apiKeyColumns } from "../features/api-keys/components/api-key-columns";
import { NewApiKeyDialog } from "../features/api-keys/components/new-api-key-dialog";
import { useFocusableTableRegions } from "../shared/components/data-table/use-focusable-table-regions";
import { ErrorAlert } from "../shared/components/error-alert";
import { PageSection } from "../shared/components/page-section";

/**
 * /apiKeys «Claves de API» (issue 39, decision 0083): a SuperAdmin's keys for the company's
 * systems — their scopes and last use, «Nueva clave» (shown once) and «Revocar».
 */
export function ApiKeysPage() {
  const { message } = App.useApp();
  const tableArea = useRef<HTMLDivElement>(null);
  useFocusableTableRegions(tableArea);
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);

  async function onRevoke(key: ApiKeyItem) {
    try {
      await revoke.mutateAsync(key.id);
      void message.success(`Clave revocada: ${key.name}`);
    } catch (failure) {
      void message.error(getErrorMessage(failure));
    }
  }

  return (
    <PageSection title="Claves de API">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          Claves para que otros sistemas de la empresa usen la API de Treiber con{" "}
          <Typography.Text code>Authorization: Bearer trb_…</Typography.Text>, solo en las operaciones de sus
          permisos. Cada clave tiene su propio límite de solicitudes por minuto.
        </Typography.Text>
        <Card ref={tableArea}>
          <Flex vertical gap={16}>
            <Flex justify="end">
              <Button type="primary" onClick={() => setCreating(true)}>
                Nueva clave
              </Button>
            </Flex>
            {keys.error ? (
              <ErrorAlert error={keys.error} onRetry={() => void keys.refetch()} />
            ) : (
              <Table
                rowKey="id"
                columns={apiKeyColumns(onRevoke, revoke.isPending ? revoke.variables : undefined)}
                dataSource={keys.data?.list}
                loading={keys.isLoading}
                pagination={false}
                scroll={{ x: 1260 }}
                locale={{
                  emptyText: (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No hay claves de API" />
                  ),
                }}
              />
            )}
          </Flex>
        </Card>
      </Flex>
      <NewApiKeyDialog open={creating} onClose={() => setCreating(false)} />
    </PageSection>
  );
}
