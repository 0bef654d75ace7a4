import { Select } from "antd";
import type { DocumentFilters as Filters } from "../hooks/use-document-filters";
import { OWNER_TYPE_OPTIONS, REVIEW_OPTIONS, STATUS_OPTIONS } from "../lib/filter-options";
import { SupplierFilter } from "./supplier-filter";

export interface DocumentFiltersProps {
  filters: Filters;
  /** Administrators filter by supplier; a supplier's user only has theirs. */
  bySupplier: boolean;
  onChange: (name: keyof Filters, value: string | number | undefined) => void;
}

/** «Documentos»' own filters: titular, estado, revisión and (administrators) suplidor. */
export function DocumentFilters({ filters, bySupplier, onChange }: DocumentFiltersProps) {
  return (
    <>
      <Select<string>
        aria-label="Titular"
        style={{ width: 170 }}
        value={filters.ownerType ?? ""}
        options={OWNER_TYPE_OPTIONS}
        onChange={(value) => onChange("ownerType", value)}
      />
      <Select<string>
        aria-label="Estado"
        style={{ width: 160 }}
        value={filters.status ?? ""}
        options={STATUS_OPTIONS}
        onChange={(value) => onChange("status", value)}
      />
      <Select<string>
        aria-label="Revisión"
        style={{ width: 150 }}
        value={filters.review ?? ""}
        options={REVIEW_OPTIONS}
        onChange={(value) => onChange("review", value)}
      />
      {bySupplier ? (
        <SupplierFilter value={filters.supplierId} onChange={(id) => onChange("supplierId", id)} />
      ) : null}
    </>
  );
}
