import { Select } from "antd";
import { useActiveShifts } from "../../../shared/lookups/list-active-shifts";
import { useBranchOfficeNames } from "../../../shared/lookups/list-branch-office-names";
import { shiftOptionLabel } from "../../../shared/lookups/shift-select";
import {
  useDestinationOptions,
  useDriverOptions,
  useRouteNameOptions,
  useSupplierNameOptions,
} from "../api/list-report-options";
import type { ReportParamsState } from "../hooks/use-report-params";

interface FilterProps {
  report: Pick<ReportParamsState, "filters" | "setFilter">;
}

const ALL = "";
const selectStyle = { minWidth: 200 } as const;

/** Supplier filter: 'Todos los suplidores' or one supplier (sent as supplierName). */
export function SupplierFilter({ report }: FilterProps) {
  const query = useSupplierNameOptions();
  return (
    <Select
      aria-label="Suplidor"
      showSearch={{ optionFilterProp: "label" }}
      style={selectStyle}
      loading={query.isFetching}
      value={report.filters.supplierName ?? ALL}
      onChange={(value: string) => report.setFilter("supplierName", value || undefined)}
      options={[
        { value: ALL, label: "Todos los suplidores" },
        ...(query.data ?? []).map((supplier) => ({ value: supplier.name, label: supplier.name })),
      ]}
    />
  );
}

/** Route filter: the route names with 'Todas las rutas' (id 0) first (sent as routeName). */
export function RouteFilter({ report }: FilterProps) {
  const query = useRouteNameOptions();
  const routes = query.data ?? [{ id: 0, name: "Todas las rutas", description: "" }];
  return (
    <Select
      aria-label="Ruta"
      showSearch={{ optionFilterProp: "label" }}
      style={selectStyle}
      loading={query.isFetching}
      value={report.filters.routeName ?? ALL}
      onChange={(value: string) => report.setFilter("routeName", value || undefined)}
      options={routes.map((route) => ({ value: route.id === 0 ? ALL : route.name, label: route.name }))}
    />
  );
}

/** Driver filter: the drivers with their supplier, 'Todas' (id 0) first (sent as driverId). */
export function DriverFilter({ report }: FilterProps) {
  const query = useDriverOptions();
  const drivers = query.data ?? [
    { id: 0, name: "Todas", lastname: "", supplierId: null, supplierName: null },
  ];
  return (
    <Select
      aria-label="Chofer"
      showSearch={{ optionFilterProp: "label" }}
      style={selectStyle}
      loading={query.isFetching}
      value={report.filters.driverId ?? ALL}
      onChange={(value: string) => report.setFilter("driverId", value || undefined)}
      options={drivers.map((driver) => ({
        value: driver.id === 0 ? ALL : String(driver.id),
        label:
          driver.id === 0
            ? driver.name
            : `${driver.name} ${driver.lastname}`.trim() +
              (driver.supplierName ? ` (${driver.supplierName})` : ""),
      }))}
    />
  );
}

/** Destination filter: 'Todos los destinos' or one destination (sent as destinationId). */
export function DestinationFilter({ report }: FilterProps) {
  const query = useDestinationOptions();
  return (
    <Select
      aria-label="Destino"
      showSearch={{ optionFilterProp: "label" }}
      style={selectStyle}
      loading={query.isFetching}
      value={report.filters.destinationId ?? ALL}
      onChange={(value: string) => report.setFilter("destinationId", value || undefined)}
      options={[
        { value: ALL, label: "Todos los destinos" },
        ...(query.data ?? []).map((destination) => ({
          value: String(destination.id),
          label: destination.name,
        })),
      ]}
    />
  );
}

/** Branch office filter: 'Todas las sucursales' or one (sent as branchOfficeId). */
export function BranchOfficeFilter({ report }: FilterProps) {
  const query = useBranchOfficeNames();
  return (
    <Select
      aria-label="Sucursal"
      showSearch={{ optionFilterProp: "label" }}
      style={selectStyle}
      loading={query.isFetching}
      value={report.filters.branchOfficeId ?? ALL}
      onChange={(value: string) => report.setFilter("branchOfficeId", value || undefined)}
      options={[
        { value: ALL, label: "Todas las sucursales" },
        ...(query.data ?? []).map((office) => ({ value: String(office.id), label: office.name })),
      ]}
    />
  );
}

/** Shift filter: 'Todos los turnos' or one active shift (sent as shiftId). */
export function ShiftFilter({ report }: FilterProps) {
  const query = useActiveShifts();
  return (
    <Select
      aria-label="Turno"
      showSearch={{ optionFilterProp: "label" }}
      style={{ minWidth: 260 }}
      loading={query.isFetching}
      value={report.filters.shiftId ?? ALL}
      onChange={(value: string) => report.setFilter("shiftId", value || undefined)}
      options={[
        { value: ALL, label: "Todos los turnos" },
        ...(query.data ?? []).map((shift) => ({ value: String(shift.id), label: shiftOptionLabel(shift) })),
      ]}
    />
  );
}
