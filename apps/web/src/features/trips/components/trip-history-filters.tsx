import { Flex, Select } from "antd";
import { DateRangeFilter } from "../../../shared/components/data-table";
import { useDriverFilterOptions, useRouteFilterOptions } from "../api/list-trip-filter-options";

export interface TripHistoryFiltersProps {
  driverId: number;
  routeId: number;
  sinceDate: string;
  untilDate: string;
  onDriverChange: (id: number) => void;
  onRouteChange: (id: number) => void;
  onDateRangeChange: (sinceDate: string | undefined, untilDate: string | undefined) => void;
  /** The route filter (default); a supplier's user (issue 37) filters by their drivers and dates. */
  byRoute?: boolean;
}

/** Driver ('Todas'), route ('Todas las rutas') and date range of the route history. */
export function TripHistoryFilters(props: TripHistoryFiltersProps) {
  const byRoute = props.byRoute ?? true;
  const drivers = useDriverFilterOptions();
  const routes = useRouteFilterOptions(byRoute);
  const driverOptions = (drivers.data ?? [{ id: 0, label: "Todas" }]).map((o) => ({
    value: o.id,
    label: o.label,
  }));
  const routeOptions = (routes.data ?? [{ id: 0, label: "Todas las rutas" }]).map((o) => ({
    value: o.id,
    label: o.label,
  }));
  return (
    <Flex gap={12} wrap align="center">
      <Select<number>
        aria-label="Chofer"
        data-testid="history-driver-filter"
        showSearch={{ optionFilterProp: "label" }}
        style={{ minWidth: 240 }}
        loading={drivers.isLoading}
        status={drivers.error ? "error" : undefined}
        value={props.driverId}
        options={driverOptions}
        onChange={props.onDriverChange}
      />
      {byRoute ? (
        <Select<number>
          aria-label="Ruta"
          data-testid="history-route-filter"
          showSearch={{ optionFilterProp: "label" }}
          style={{ minWidth: 220 }}
          loading={routes.isLoading}
          status={routes.error ? "error" : undefined}
          value={props.routeId}
          options={routeOptions}
          onChange={props.onRouteChange}
        />
      ) : null}
      <DateRangeFilter
        sinceDate={props.sinceDate}
        untilDate={props.untilDate}
        onChange={props.onDateRangeChange}
      />
    </Flex>
  );
}
