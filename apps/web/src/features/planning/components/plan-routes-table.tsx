import {
  type PlanningDriver,
  type PlanParams,
  type PlanRoute,
  routeFigures,
  routeWarnings,
} from "@treiber/contract";
import { Table } from "antd";
import { moveOptions } from "../lib/move-options";
import type { MovePreview } from "../lib/move-preview";
import { type PlanRouteRow, planRouteColumns } from "./plan-route-columns";
import { RouteStopsDetail } from "./route-stops-detail";

export interface PlanRoutesTableProps {
  routes: PlanRoute[];
  params: PlanParams;
  drivers: PlanningDriver[];
  riderName: (employeeId: number) => string;
  onMoveStop: (stopKey: string, value: string) => void;
  onMoveRider: (employeeId: number, value: string) => void;
  previewStop?: (stopKey: string, value: string) => MovePreview | null;
  previewRider?: (employeeId: number, value: string) => MovePreview | null;
}

/**
 * The proposal's routes: driver and vehicle, seats used / seats, stops, km, first pickup and
 * longest ride, each row expanding to its stops with «Mover a…».
 */
export function PlanRoutesTable({
  routes,
  params,
  drivers,
  riderName,
  onMoveStop,
  onMoveRider,
  previewStop,
  previewRider,
}: PlanRoutesTableProps) {
  const rows: PlanRouteRow[] = routes.map((route, index) => ({
    ...route,
    index,
    figures: routeFigures(route, params),
    warnings: routeWarnings(route, params),
  }));
  const columns = planRouteColumns(params);
  return (
    <Table<PlanRouteRow>
      size="small"
      rowKey="key"
      pagination={false}
      columns={columns}
      dataSource={rows}
      aria-label="Rutas propuestas"
      expandable={{
        expandedRowRender: (row) => (
          <RouteStopsDetail
            route={row}
            options={moveOptions(routes, drivers, row.key)}
            riderName={riderName}
            onMoveStop={onMoveStop}
            onMoveRider={onMoveRider}
            previewStop={previewStop}
            previewRider={previewRider}
          />
        ),
      }}
    />
  );
}
