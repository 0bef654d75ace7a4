import type { AuditItem } from "@treiber/contract";
import { Card, Flex, Typography } from "antd";
import { useAuditList } from "../features/audit/api/audit";
import { auditColumns } from "../features/audit/components/audit-columns";
import { AuditDiff } from "../features/audit/components/audit-diff";
import { AuditFilters } from "../features/audit/components/audit-filters";
import { useAuditFilters } from "../features/audit/hooks/use-audit-filters";
import { listQueryProps, PagedTable } from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";

/**
 * /audit «Auditoría» (issue 39, decision 0084): every change made through the API — who (a user or
 * an API key), when, from where, the operation — newest first, filtered by entity, id, user and
 * dates; a row expands to the fields before and after.
 */
export function AuditPage() {
  const { table, request, filters, setFilter } = useAuditFilters();
  const query = useAuditList(request);
  return (
    <PageSection title="Auditoría">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          Cada cambio hecho en Treiber (datos maestros, rutas, planes, reservas, cortes, roles, umbrales,
          documentos, claves de API y webhooks) queda registrado y no se puede modificar ni borrar. Las
          contraseñas, claves y secretos nunca se guardan.
        </Typography.Text>
        <Card>
          <PagedTable<AuditItem>
            table={table}
            columns={auditColumns()}
            {...listQueryProps(query)}
            rowKey="id"
            searchable={false}
            dateFilter
            filters={<AuditFilters filters={filters} onChange={setFilter} />}
            details={(item) => <AuditDiff item={item} />}
          />
        </Card>
      </Flex>
    </PageSection>
  );
}
