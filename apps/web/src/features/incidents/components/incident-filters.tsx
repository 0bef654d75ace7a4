import { INCIDENT_TYPE_LABELS, INCIDENT_TYPES, type IncidentType } from "@treiber/contract";
import { Flex, Select } from "antd";
import { DateRangeFilter } from "../../../shared/components/data-table";
import type { IncidentFilters as Filters, IncidentStatusFilter } from "../hooks/use-incident-filters";

const ALL_TYPES = "ALL";
const TYPE_OPTIONS = [
  { value: ALL_TYPES, label: "Todos los tipos" },
  ...INCIDENT_TYPES.map((type) => ({ value: type, label: INCIDENT_TYPE_LABELS[type] })),
];
const STATUS_OPTIONS: { value: IncidentStatusFilter; label: string }[] = [
  { value: "OPEN", label: "Sin cerrar" },
  { value: "ACKNOWLEDGED", label: "Atendidas" },
  { value: "CLOSED", label: "Cerradas" },
  { value: "ALL", label: "Todas" },
];

export interface IncidentFiltersProps {
  filters: Filters;
  onTypeChange: (type: IncidentType | undefined) => void;
  onStatusChange: (status: IncidentStatusFilter) => void;
  onDateRangeChange: (sinceDate: string | undefined, untilDate: string | undefined) => void;
}

/** Type, state ('Sin cerrar' by default, 'Cerradas', 'Todas'…) and the opening date range (history). */
export function IncidentFilters({
  filters,
  onTypeChange,
  onStatusChange,
  onDateRangeChange,
}: IncidentFiltersProps) {
  return (
    <Flex gap={8} wrap align="center">
      <Select<string>
        aria-label="Tipo de incidencia"
        data-testid="incident-type-filter"
        style={{ minWidth: 180 }}
        value={filters.type ?? ALL_TYPES}
        options={TYPE_OPTIONS}
        onChange={(value) => onTypeChange(value === ALL_TYPES ? undefined : (value as IncidentType))}
      />
      <Select<IncidentStatusFilter>
        aria-label="Estado de la incidencia"
        data-testid="incident-status-filter"
        style={{ minWidth: 130 }}
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={onStatusChange}
      />
      <DateRangeFilter
        sinceDate={filters.sinceDate}
        untilDate={filters.untilDate}
        onChange={onDateRangeChange}
      />
    </Flex>
  );
}
