import { INCIDENT_TYPE_LABELS, INCIDENT_TYPES, type IncidentType } from "@treiber/contract";
import { Flex } from "antd";
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

/**
 * Type, state ('Sin cerrar' by default, 'Cerradas', 'Todas'…) and the opening date range (history).
 * Native selects: antd's Select would bring its virtual list (the table chunk, ~50 KB gzip) to the
 * dashboard, which loads no table otherwise.
 */
export function IncidentFilters({
  filters,
  onTypeChange,
  onStatusChange,
  onDateRangeChange,
}: IncidentFiltersProps) {
  return (
    <Flex gap={8} wrap align="center">
      <select
        className="plain-input incident-filter"
        aria-label="Tipo de incidencia"
        data-testid="incident-type-filter"
        value={filters.type ?? ALL_TYPES}
        onChange={(event) => {
          const value = event.target.value;
          onTypeChange(value === ALL_TYPES ? undefined : (value as IncidentType));
        }}
      >
        {TYPE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <select
        className="plain-input incident-filter"
        aria-label="Estado de la incidencia"
        data-testid="incident-status-filter"
        value={filters.status}
        onChange={(event) => onStatusChange(event.target.value as IncidentStatusFilter)}
      >
        {STATUS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <DateRangeFilter
        sinceDate={filters.sinceDate}
        untilDate={filters.untilDate}
        onChange={onDateRangeChange}
      />
    </Flex>
  );
}
