import { Input, InputNumber, Select } from "antd";
import { useEffect, useState } from "react";
import type { AuditFilters as Filters } from "../hooks/use-audit-filters";

/** The entities the trail names (the API path's first segment), to pick from. */
export const AUDIT_ENTITIES = [
  "ApiKey",
  "Booking",
  "BranchOffice",
  "Cut",
  "Destination",
  "Dispute",
  "Document",
  "Driver",
  "EmissionFactor",
  "Employee",
  "Incident",
  "IncidentThresholds",
  "Planning",
  "ReportSchedule",
  "Route",
  "RouteNotScheduled",
  "Shift",
  "Supplier",
  "User",
  "Webhook",
];

export interface AuditFiltersProps {
  filters: Filters;
  onChange: (name: keyof Filters, value: string | number | undefined) => void;
}

/** «Entidad», «Id» and «Usuario (id)»: applied on Enter or when leaving the field. */
export function AuditFilters({ filters, onChange }: AuditFiltersProps) {
  const [entityId, setEntityId] = useState(filters.entityId ?? "");
  useEffect(() => setEntityId(filters.entityId ?? ""), [filters.entityId]);
  return (
    <>
      <Select
        aria-label="Entidad"
        placeholder="Entidad"
        allowClear
        showSearch
        style={{ width: 200 }}
        value={filters.entity}
        options={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: entity }))}
        onChange={(value?: string) => onChange("entity", value)}
      />
      <Input
        aria-label="Id"
        placeholder="Id"
        allowClear
        style={{ width: 120 }}
        value={entityId}
        onChange={(event) => {
          setEntityId(event.target.value);
          if (!event.target.value) onChange("entityId", undefined);
        }}
        onPressEnter={() => onChange("entityId", entityId.trim())}
        onBlur={() => onChange("entityId", entityId.trim())}
      />
      <InputNumber
        aria-label="Usuario (id)"
        placeholder="Usuario (id)"
        min={1}
        precision={0}
        style={{ width: 140 }}
        value={filters.userId ?? null}
        onChange={(value) => onChange("userId", typeof value === "number" ? value : undefined)}
      />
    </>
  );
}
