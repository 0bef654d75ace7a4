import { TeamOutlined } from "@ant-design/icons";
import { formatClockTime, formatDate, formatMoney } from "@treiber/client/format";
import type { RouteListItem } from "@treiber/contract";
import { ROUTE_PAGE_SIZE, SHIFT_DIRECTION_LABELS } from "@treiber/contract";
import { Button, Flex, type TableColumnsType, Tag, Tooltip } from "antd";
import { useState } from "react";
import {
  RouteAssignmentsDrawer,
  type RouteAssignmentsTarget,
} from "../features/route-assignments/components/route-assignments-drawer";
import { useRoutes } from "../features/routes/api/list-routes";
import { useSetRouteStatus } from "../features/routes/api/set-route-status";
import { RouteFormModal } from "../features/routes/components/route-form-modal";
import { routeDriverText, routeSeats } from "../features/routes/lib/route-list-text";
import {
  actionsColumn,
  EditButton,
  ListPage,
  statusActionsColumns,
  useEditing,
  useTableParams,
} from "../shared/components/data-table";

export function RoutePage() {
  const table = useTableParams(ROUTE_PAGE_SIZE);
  const query = useRoutes(table.request);
  const setStatus = useSetRouteStatus();
  const editing = useEditing<RouteListItem>();
  const [assigning, setAssigning] = useState<RouteAssignmentsTarget | null>(null);

  const { status } = statusActionsColumns<RouteListItem>({ setStatus, name: (row) => row.name });
  // The spec's columns, then what tells planned routes apart (issue 33): shift, driver, seats, stops.
  // Widths fit 1366 px with «Estado» and «Acciones» in view (decision 0028).
  const columns: TableColumnsType<RouteListItem> = [
    { title: "Nombre", dataIndex: "name", width: 140, ellipsis: true, sorter: true },
    { title: "Destino", dataIndex: "destinationName", width: 90, ellipsis: true },
    {
      title: "Salida",
      dataIndex: "departureTime",
      width: 92,
      render: (value: string | null) => formatClockTime(value),
    },
    {
      title: "Costo",
      dataIndex: "cost",
      width: 76,
      align: "right",
      sorter: true,
      render: (value: number) => formatMoney(value),
    },
    {
      title: "Turno",
      dataIndex: "shiftName",
      width: 74,
      ellipsis: true,
      render: (value: string | null) => value ?? "—",
    },
    {
      title: "Chofer",
      dataIndex: "driverName",
      width: 86,
      ellipsis: true,
      render: (_value: string | null, row) => routeDriverText(row),
    },
    {
      title: "Asientos",
      key: "seats",
      width: 82,
      align: "right",
      render: (_value, row) => routeSeats(row) ?? "—",
    },
    { title: "Paradas", dataIndex: "amountStops", width: 78, align: "right" },
    // The switch («Activo»/«Inactivo») fits in less than the usual width: room for the new columns.
    { ...status, width: 104 },
    actionsColumn(
      (row) => (
        <>
          <EditButton label={row.name} onClick={() => editing.edit(row)} />
          <Tooltip title="Asignaciones">
            <Button
              size="small"
              icon={<TeamOutlined />}
              onClick={() => setAssigning({ id: row.id, name: row.name, status: row.status })}
              aria-label={`Asignaciones de ${row.name}`}
            />
          </Tooltip>
        </>
      ),
      104,
    ),
  ];

  return (
    <ListPage<RouteListItem>
      title="Rutas Programadas"
      table={table}
      query={query}
      columns={columns}
      searchPlaceholder="Buscar ruta"
      details={(row) => [
        { label: "Nombre", value: row.name },
        {
          label: "Días",
          value: (
            <Flex gap={4} wrap>
              {row.days.map((day) => (
                <Tag key={day.id}>{day.name}</Tag>
              ))}
            </Flex>
          ),
        },
        {
          label: "Turno",
          value: row.shiftName
            ? `${row.shiftName}${row.direction ? ` (${SHIFT_DIRECTION_LABELS[row.direction]})` : ""}`
            : null,
        },
        {
          label: "Asientos",
          value:
            row.seats ?? (row.vehicleSeats === null ? "Del vehículo" : `${row.vehicleSeats} (del vehículo)`),
        },
        { label: "Choferes", value: row.amountDrivers },
        { label: "Colaboradores", value: row.amountEmployees },
        { label: "Fecha de creación", value: formatDate(row.createdDate) },
      ]}
      actions={
        <Button type="primary" onClick={editing.create}>
          Nueva ruta
        </Button>
      }
    >
      <RouteFormModal open={editing.open} route={editing.item} onClose={editing.close} />
      <RouteAssignmentsDrawer route={assigning} onClose={() => setAssigning(null)} />
    </ListPage>
  );
}
