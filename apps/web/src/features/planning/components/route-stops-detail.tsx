import { formatClockTime } from "@treiber/client/format";
import type { PlanRoute, PlanStop } from "@treiber/contract";
import { Flex, Table, type TableColumnsType, Typography } from "antd";
import type { MoveOptionGroup } from "../lib/move-options";
import type { MovePreview } from "../lib/move-preview";
import { MoveSelect } from "./move-select";

export interface RouteStopsDetailProps {
  route: PlanRoute;
  options: MoveOptionGroup[];
  riderName: (employeeId: number) => string;
  onMoveStop: (stopKey: string, value: string) => void;
  onMoveRider: (employeeId: number, value: string) => void;
  /** What a move would do to the route it goes to (the «Mover a…» preview). */
  previewStop?: (stopKey: string, value: string) => MovePreview | null;
  previewRider?: (employeeId: number, value: string) => MovePreview | null;
}

/** A route's stops in order: planned time, place, who boards there, and «Mover a…» for each. */
export function RouteStopsDetail({
  route,
  options,
  riderName,
  onMoveStop,
  onMoveRider,
  previewStop,
  previewRider,
}: RouteStopsDetailProps) {
  const columns: TableColumnsType<PlanStop> = [
    { title: "#", key: "position", width: 44, render: (_value, _stop, index) => index + 1 },
    {
      title: "Hora",
      dataIndex: "plannedTime",
      width: 100,
      render: (value: string) => formatClockTime(value),
    },
    {
      title: "Parada",
      key: "place",
      width: 220,
      render: (_value, stop) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: stop.name }}>{stop.name}</Typography.Text>
          {stop.address ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: stop.address }} style={{ fontSize: 12 }}>
              {stop.address}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: "Colaboradores",
      key: "riders",
      render: (_value, stop) => (
        <Flex vertical gap={4}>
          {stop.employeeIds.map((employeeId) => (
            <Flex key={employeeId} align="center" justify="space-between" gap={8}>
              <Typography.Text ellipsis>{riderName(employeeId)}</Typography.Text>
              <MoveSelect
                label={`Mover a ${riderName(employeeId)} a…`}
                options={options}
                onMove={(value) => onMoveRider(employeeId, value)}
                preview={previewRider && ((value) => previewRider(employeeId, value))}
              />
            </Flex>
          ))}
        </Flex>
      ),
    },
    {
      title: "Parada completa",
      key: "move",
      width: 210,
      render: (_value, stop, index) => (
        <MoveSelect
          label={`Mover la parada ${index + 1} (${stop.name}) de ${route.name} a…`}
          placeholder="Mover parada a…"
          options={options}
          onMove={(value) => onMoveStop(stop.key, value)}
          preview={previewStop && ((value) => previewStop(stop.key, value))}
        />
      ),
    },
  ];
  if (route.stops.length === 0) {
    return <Typography.Text type="secondary">Sin paradas: esta ruta no se aplicará.</Typography.Text>;
  }
  return (
    <Table<PlanStop>
      size="small"
      rowKey="key"
      pagination={false}
      columns={columns}
      dataSource={route.stops}
      aria-label={`Paradas de ${route.name}`}
    />
  );
}
