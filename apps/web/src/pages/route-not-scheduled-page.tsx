import { formatDate, formatMoney, formatTime } from "@treiber/client/format";
import type { RouteNotScheduledListItem } from "@treiber/contract";
import { ROUTE_NOT_SCHEDULED_PAGE_SIZE } from "@treiber/contract";
import { Button, Card, type TableColumnsType } from "antd";
import { useState } from "react";
import { useRoutesNotScheduled } from "../features/routes-not-scheduled/api/list-routes-not-scheduled";
import { useSetRouteNotScheduledStatus } from "../features/routes-not-scheduled/api/set-route-not-scheduled-status";
import { RouteNotScheduledFormModal } from "../features/routes-not-scheduled/components/route-not-scheduled-form-modal";
import {
  actionsColumn,
  listQueryProps,
  PagedTable,
  RowDetails,
  statusActionsColumns,
  useTableParams,
} from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";

export function RouteNotScheduledPage() {
  const table = useTableParams(ROUTE_NOT_SCHEDULED_PAGE_SIZE);
  const query = useRoutesNotScheduled(table.request);
  const setStatus = useSetRouteNotScheduledStatus();
  const [editing, setEditing] = useState<{ route?: RouteNotScheduledListItem } | null>(null);

  const { status } = statusActionsColumns<RouteNotScheduledListItem>({ setStatus, name: (row) => row.name });
  const columns: TableColumnsType<RouteNotScheduledListItem> = [
    { title: "Nombre", dataIndex: "name", width: 180, ellipsis: true, sorter: true },
    {
      title: "Fecha",
      dataIndex: "scheduledAt",
      key: "scheduledAt",
      width: 110,
      sorter: true,
      render: (value: string) => formatDate(value),
    },
    {
      title: "Hora",
      dataIndex: "scheduledAt",
      key: "time",
      width: 110,
      render: (value: string) => formatTime(value),
    },
    { title: "Chofer", dataIndex: "driverName", width: 140, ellipsis: true },
    {
      title: "Costo",
      dataIndex: "cost",
      width: 100,
      align: "right",
      sorter: true,
      render: (value: number) => formatMoney(value),
    },
    status,
    actionsColumn((row) => (
      <Button size="small" aria-label={`Editar ${row.name}`} onClick={() => setEditing({ route: row })}>
        Editar
      </Button>
    )),
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
          details={(row) => (
            <RowDetails
              items={[
                { label: "Nombre", value: row.name },
                { label: "Descripción", value: row.description },
                { label: "Destino", value: row.destinationName },
                { label: "Origen", value: row.originAddress },
                {
                  label: "Pasajeros",
                  value: row.riders.map((rider) => `${rider.name} ${rider.lastname}`.trim()).join(", "),
                },
              ]}
            />
          )}
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
