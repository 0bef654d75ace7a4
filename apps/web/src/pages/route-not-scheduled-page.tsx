import type { RouteNotScheduledListItem } from "@treiber/contract";
import { ROUTE_NOT_SCHEDULED_PAGE_SIZE } from "@treiber/contract";
import { Button, Card, type TableColumnsType, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useRoutesNotScheduled } from "../features/routes-not-scheduled/api/list-routes-not-scheduled";
import { useSetRouteNotScheduledStatus } from "../features/routes-not-scheduled/api/set-route-not-scheduled-status";
import { RouteNotScheduledFormModal } from "../features/routes-not-scheduled/components/route-not-scheduled-form-modal";
import {
  listQueryProps,
  PagedTable,
  statusActionsColumns,
  useTableParams,
} from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";
import { formatDate, formatMoney, formatTime } from "../shared/format";

export function RouteNotScheduledPage() {
  const table = useTableParams(ROUTE_NOT_SCHEDULED_PAGE_SIZE);
  const query = useRoutesNotScheduled(table.request);
  const setStatus = useSetRouteNotScheduledStatus();
  const [editing, setEditing] = useState<{ route?: RouteNotScheduledListItem } | null>(null);

  const { status } = statusActionsColumns<RouteNotScheduledListItem>({ setStatus, name: (row) => row.name });
  const columns: TableColumnsType<RouteNotScheduledListItem> = [
    { title: "Nombre", dataIndex: "name" },
    { title: "Fecha", dataIndex: "scheduledAt", key: "date", render: (value: string) => formatDate(value) },
    { title: "Hora", dataIndex: "scheduledAt", key: "time", render: (value: string) => formatTime(value) },
    { title: "Chofer", dataIndex: "driverName" },
    {
      title: "Pasajeros",
      dataIndex: "riders",
      align: "right",
      render: (_, row) =>
        row.riders.length > 0 ? (
          <Tooltip
            title={row.riders.map((rider) => (
              <div key={rider.id}>{`${rider.name} ${rider.lastname}`.trim()}</div>
            ))}
          >
            <Typography.Link>{row.riders.length}</Typography.Link>
          </Tooltip>
        ) : (
          0
        ),
    },
    { title: "Costo", dataIndex: "cost", align: "right", render: (value: number) => formatMoney(value) },
    status,
    {
      title: "Editar",
      key: "edit",
      render: (_, row) => (
        <Button size="small" onClick={() => setEditing({ route: row })}>
          Editar
        </Button>
      ),
    },
  ];

  return (
    <PageSection title="Rutas No Programdas">
      <Card>
        <PagedTable<RouteNotScheduledListItem>
          table={table}
          columns={columns}
          {...listQueryProps(query)}
          rowKey="id"
          searchPlaceholder="Buscar ruta"
          dateFilter
          actions={
            <Button type="primary" onClick={() => setEditing({})}>
              Nueva ruta no programada
            </Button>
          }
        />
      </Card>
      <RouteNotScheduledFormModal
        open={editing !== null}
        route={editing?.route}
        onClose={() => setEditing(null)}
      />
    </PageSection>
  );
}
