import { Card, Flex, Typography } from "antd";
import { useCompliance } from "../features/documents/api/get-compliance";
import { complianceColumns } from "../features/documents/components/compliance-columns";
import { ComplianceCounters } from "../features/documents/components/compliance-counters";
import { ComplianceFilters } from "../features/documents/components/compliance-filters";
import { useComplianceFilters } from "../features/documents/hooks/use-compliance-filters";
import { TableBody } from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";
import { useIsSupplierUser } from "../shared/session/portal-role";

/**
 * /compliance «Cumplimiento» (issue 37): the current papers that expire within 45 days or expired,
 * by supplier (a column, a filter, or grouped: «Agrupar por suplidor»), with the drivers they keep off
 * the road. A supplier's user's home (decision 0079).
 */
export function CompliancePage() {
  const bySupplier = !useIsSupplierUser();
  const compliance = useComplianceFilters();
  const { filters, table } = compliance;
  const query = useCompliance(compliance.request);
  // Grouped by the server (still soonest expiry first): each supplier's papers share one cell.
  const grouped = bySupplier && filters.groupBySupplier;

  return (
    <PageSection title="Cumplimiento">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          Documentos vencidos o que vencen en los próximos 45 días. Un chofer con la licencia, el seguro o la
          inspección técnica vencidos no puede iniciar viajes.
        </Typography.Text>
        <ComplianceCounters data={query.data} />
        <Card>
          <Flex vertical gap={16}>
            <ComplianceFilters
              filters={filters}
              bySupplier={bySupplier}
              onSupplierChange={compliance.setSupplier}
              onStatusChange={compliance.setStatus}
              onBlockingChange={compliance.setBlocking}
              onGroupBySupplierChange={compliance.setGroupBySupplier}
            />
            <TableBody
              columns={complianceColumns(bySupplier, grouped ? query.data?.list : undefined)}
              rowKey="documentId"
              emptyText="Ningún documento vencido ni por vencer"
              rows={query.data?.list}
              total={query.data?.amount}
              page={table.params.page}
              pageSize={table.pageSize}
              loading={query.isFetching}
              error={query.error}
              onRetry={() => void query.refetch()}
              onPageChange={table.setPage}
            />
          </Flex>
        </Card>
      </Flex>
    </PageSection>
  );
}
