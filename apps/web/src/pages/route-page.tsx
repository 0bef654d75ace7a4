import type { RouteListItem } from "@treiber/contract";
import { ROUTE_PAGE_SIZE } from "@treiber/contract";
import { Button, Card, Flex, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import {
  RouteAssignmentsDrawer,
  type RouteAssignmentsTarget,
} from "../features/route-assignments/components/route-assignments-drawer";
import { useRoutes } from "../features/routes/api/list-routes";
import { useSetRouteStatus } from "../features/routes/api/set-route-status";
import { RouteFormModal } from "../features/routes/components/route-form-modal";
import {
  listQueryProps,
  PagedTable,
  statusActionsColumns,
  useTableParams,
} from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";
import { formatClockTime, formatMoney } from "../shared/format";

export function RoutePage() {
  const table = useTableParams(ROUTE_PAGE_SIZE);
  const query = useRoutes(table.request);
  const setStatus = useSetRouteStatus();
  const [editing, setEditing] = useState<{ route?: RouteListItem } | null>(null);
  const [assigning, setAssigning] = useState<RouteAssignmentsTarget | null>(null);

  const { status } = statusActionsColumns<RouteListItem>({ setStatus, name: (row) => row.name });
  const columns: TableColumnsType<RouteListItem> = [
    { title: "Nombre", dataIndex: "name" },
    { title: "Destino", dataIndex: "destinationName" },
    {
      title: "Días",
      dataIndex: "days",
      render: (_, row) => (
        <Flex gap={4} wrap>
          {row.days.map((day) => (
            <Tag key={day.id}>{day.name}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: "Salida",
      dataIndex: "departureTime",
      render: (value: string | null) => (value ? formatClockTime(value) : "—"),
    },
    { title: "Costo", dataIndex: "cost", align: "right", render: (value: number) => formatMoney(value) },
    { title: "Choferes", dataIndex: "amountDrivers", align: "right" },
    { title: "Colaboradores", dataIndex: "amountEmployees", align: "right" },
    status,
    {
      title: "Acciones",
      key: "actions",
      render: (_, row) => (
        <Flex gap={8} wrap>
          <Button size="small" onClick={() => setEditing({ route: row })}>
            Editar
          </Button>
          <Button
            size="small"
            onClick={() => setAssigning({ id: row.id, name: row.name, status: row.status })}
            aria-label={`Asignaciones de ${row.name}`}
          >
            Asignaciones
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <PageSection title="Rutas Programadas">
      <Card>
        <PagedTable<RouteListItem>
          table={table}
          columns={columns}
          {...listQueryProps(query)}
          rowKey="id"
          searchPlaceholder="Buscar ruta"
          actions={
            <Button type="primary" onClick={() => setEditing({})}>
              Nueva ruta
            </Button>
          }
        />
      </Card>
      <RouteFormModal open={editing !== null} route={editing?.route} onClose={() => setEditing(null)} />
      <RouteAssignmentsDrawer route={assigning} onClose={() => setAssigning(null)} />
    </PageSection>
  );
}
