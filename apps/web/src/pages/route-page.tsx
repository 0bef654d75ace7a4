import { formatClockTime, formatDate, formatMoney } from "@treiber/client/format";
import type { RouteListItem } from "@treiber/contract";
import { ROUTE_PAGE_SIZE, SHIFT_DIRECTION_LABELS } from "@treiber/contract";
import { Button, Flex, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import {
  RouteAssignmentsDrawer,
  type RouteAssignmentsTarget,
} from "../features/route-assignments/components/route-assignments-drawer";
import { useRoutes } from "../features/routes/api/list-routes";
import { useSetRouteStatus } from "../features/routes/api/set-route-status";
import { RouteFormModal } from "../features/routes/components/route-form-modal";
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
  const columns: TableColumnsType<RouteListItem> = [
    { title: "Nombre", dataIndex: "name", width: 180, ellipsis: true, sorter: true },
    { title: "Destino", dataIndex: "destinationName", width: 160, ellipsis: true },
    {
      title: "Salida",
      dataIndex: "departureTime",
      width: 110,
      render: (value: string | null) => (value ? formatClockTime(value) : "—"),
    },
    {
      title: "Costo",
      dataIndex: "cost",
      width: 110,
      align: "right",
      sorter: true,
      render: (value: number) => formatMoney(value),
    },
    status,
    actionsColumn(
      (row) => (
        <>
          <EditButton label={row.name} onClick={() => editing.edit(row)} />
          <Button
            size="small"
            onClick={() => setAssigning({ id: row.id, name: row.name, status: row.status })}
            aria-label={`Asignaciones de ${row.name}`}
          >
            Asignaciones
          </Button>
        </>
      ),
      190,
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
        { label: "Asientos", value: row.seats ?? "Del vehículo" },
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
