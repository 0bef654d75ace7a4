import { formatClockTime } from "@treiber/client/format";
import {
  type PlanParams,
  type PlanRoute,
  type PlanStop,
  routeFigures,
  routeWarnings,
} from "@treiber/contract";
import { Table, type TableColumnsType, Typography } from "antd";
import { SectionTitle } from "../../../shared/components/section-title";
import { LazyPlanMap } from "./lazy-plan-map";
import { type PlanRouteRow, planRouteColumns } from "./plan-route-columns";

export interface DayPlanRoutesProps {
  routes: PlanRoute[];
  params: PlanParams;
  workplaceName: string;
  riderName: (employeeId: number) => string;
}

function stopColumns(riderName: (employeeId: number) => string): TableColumnsType<PlanStop> {
  return [
    { title: "#", key: "position", width: 44, render: (_value, _stop, index) => index + 1 },
    {
      title: "Hora",
      dataIndex: "plannedTime",
      width: 100,
      render: (value: string) => formatClockTime(value),
    },
    { title: "Parada", dataIndex: "name", width: 220, ellipsis: true },
    {
      title: "Colaboradores",
      key: "riders",
      render: (_value, stop) => stop.employeeIds.map(riderName).join(", "),
    },
  ];
}

/** The day's routes on the map and in «Rutas del día», each row opening its stops (read only). */
export function DayPlanRoutes({ routes, params, workplaceName, riderName }: DayPlanRoutesProps) {
  const rows: PlanRouteRow[] = routes.map((route, index) => ({
    ...route,
    index,
    figures: routeFigures(route, params),
    warnings: routeWarnings(route, params),
  }));
  return (
    <>
      <LazyPlanMap
        routes={routes}
        direction={params.direction}
        workplace={{ ...params.workplace, name: workplaceName }}
      />
      <section aria-labelledby="day-plan-routes">
        <SectionTitle level={3} style={{ marginTop: 0 }}>
          <span id="day-plan-routes">Rutas del día ({routes.length})</span>
        </SectionTitle>
        {routes.length === 0 ? (
          <Typography.Text type="secondary">Ese día no viaja nadie: no corre ninguna ruta.</Typography.Text>
        ) : (
          <Table<PlanRouteRow>
            size="small"
            rowKey="key"
            pagination={false}
            columns={planRouteColumns(params)}
            dataSource={rows}
            aria-label="Rutas del día"
            expandable={{
              expandedRowRender: (row) => (
                <Table<PlanStop>
                  size="small"
                  rowKey="key"
                  pagination={false}
                  columns={stopColumns(riderName)}
                  dataSource={row.stops}
                  aria-label={`Paradas de ${row.name}`}
                />
              ),
            }}
          />
        )}
      </section>
    </>
  );
}
