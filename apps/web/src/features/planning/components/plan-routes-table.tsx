import { WarningOutlined } from "@ant-design/icons";
import { formatClockTime, formatKm, formatMinutes } from "@treiber/client/format";
import {
  type PlanningDriver,
  type PlanParams,
  type PlanRoute,
  routeFigures,
  routeWarnings,
} from "@treiber/contract";
import { Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from "antd";
import { moveOptions } from "../lib/move-options";
import type { MovePreview } from "../lib/move-preview";
import { routeColor } from "../lib/route-colors";
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

type Row = PlanRoute & { index: number; figures: ReturnType<typeof routeFigures>; warnings: string[] };

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
  const rows: Row[] = routes.map((route, index) => ({
    ...route,
    index,
    figures: routeFigures(route, params),
    warnings: routeWarnings(route, params),
  }));
  const columns: TableColumnsType<Row> = [
    {
      title: "Ruta",
      key: "name",
      width: 210,
      render: (_value, row) => (
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <span
            aria-hidden
            style={{
              flex: "none",
              width: 12,
              height: 12,
              borderRadius: "50%",
              background: routeColor(row.index),
            }}
          />
          <Typography.Text ellipsis={{ tooltip: row.name }}>{row.name}</Typography.Text>
          {row.routeId === null ? <Tag color="blue">Nueva</Tag> : null}
          {row.warnings.length > 0 ? (
            <Tooltip title={row.warnings.join(". ")}>
              <WarningOutlined style={{ color: "#d48806" }} aria-label={row.warnings.join(". ")} />
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    {
      title: "Chofer / vehículo",
      key: "driver",
      width: 220,
      render: (_value, row) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis>{row.driverName ?? "Sin chofer"}</Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {[row.vehiclePlate, row.supplierName].filter(Boolean).join(" · ") || "—"}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: "Asientos",
      key: "seats",
      width: 90,
      align: "right",
      render: (_value, row) => {
        const over = row.seats !== null && row.figures.riders > row.seats;
        return (
          <Typography.Text type={over ? "danger" : undefined}>
            {row.figures.riders} / {row.seats ?? "—"}
          </Typography.Text>
        );
      },
    },
    { title: "Paradas", key: "stops", width: 80, align: "right", render: (_value, row) => row.figures.stops },
    {
      title: "Km",
      key: "km",
      width: 90,
      align: "right",
      render: (_value, row) => formatKm(row.figures.km, 1),
    },
    {
      title: params.direction === "inbound" ? "Primera recogida" : "Salida",
      key: "firstPickup",
      width: 120,
      align: "right",
      render: (_value, row) => formatClockTime(row.figures.firstPickup),
    },
    {
      title: "Viaje más largo",
      key: "longestRide",
      width: 110,
      align: "right",
      render: (_value, row) => {
        const over = row.figures.longestRideMinutes > params.maxRideMinutes;
        return (
          <Typography.Text type={over ? "danger" : undefined}>
            {row.figures.stops > 0 ? formatMinutes(row.figures.longestRideMinutes) : "—"}
          </Typography.Text>
        );
      },
    },
  ];
  return (
    <Table<Row>
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
