import { Flex, Select, Switch, Typography } from "antd";
import type { ComplianceFilters as Filters } from "../hooks/use-compliance-filters";
import { COMPLIANCE_STATUS_OPTIONS } from "../lib/filter-options";
import { SupplierFilter } from "./supplier-filter";

export interface ComplianceFiltersProps {
  filters: Filters;
  bySupplier: boolean;
  onSupplierChange: (id: number | undefined) => void;
  onStatusChange: (status: string | undefined) => void;
  onBlockingChange: (blocking: boolean) => void;
}

/** «Cumplimiento»'s filters: suplidor (administrators), estado and «Solo los que bloquean». */
export function ComplianceFilters({
  filters,
  bySupplier,
  onSupplierChange,
  onStatusChange,
  onBlockingChange,
}: ComplianceFiltersProps) {
  return (
    <Flex gap={12} wrap align="center">
      {bySupplier ? <SupplierFilter value={filters.supplierId} onChange={onSupplierChange} /> : null}
      <Select<string>
        aria-label="Estado"
        style={{ width: 200 }}
        value={filters.status ?? ""}
        options={COMPLIANCE_STATUS_OPTIONS}
        onChange={onStatusChange}
      />
      <Flex gap={8} align="center">
        <Switch
          id="compliance-blocking"
          aria-label="Solo los que bloquean"
          checked={filters.blocking}
          onChange={onBlockingChange}
        />
        <Typography.Text>
          <label htmlFor="compliance-blocking">Solo los que bloquean</label>
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
