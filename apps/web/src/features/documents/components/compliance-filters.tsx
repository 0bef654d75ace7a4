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
  onGroupBySupplierChange: (grouped: boolean) => void;
}

/** A switch with its visible label (the label names it for screen readers too). */
function LabelledSwitch(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Flex gap={8} align="center">
      <Switch id={props.id} aria-label={props.label} checked={props.checked} onChange={props.onChange} />
      <Typography.Text>
        <label htmlFor={props.id}>{props.label}</label>
      </Typography.Text>
    </Flex>
  );
}

/**
 * «Cumplimiento»'s filters: suplidor (administrators), estado, «Solo los que bloquean» and
 * «Agrupar por suplidor» (administrators).
 */
export function ComplianceFilters({
  filters,
  bySupplier,
  onSupplierChange,
  onStatusChange,
  onBlockingChange,
  onGroupBySupplierChange,
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
      <LabelledSwitch
        id="compliance-blocking"
        label="Solo los que bloquean"
        checked={filters.blocking}
        onChange={onBlockingChange}
      />
      {bySupplier ? (
        <LabelledSwitch
          id="compliance-group"
          label="Agrupar por suplidor"
          checked={filters.groupBySupplier}
          onChange={onGroupBySupplierChange}
        />
      ) : null}
    </Flex>
  );
}
