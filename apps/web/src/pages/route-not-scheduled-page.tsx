import { formatDate, formatMoney, formatTime } from "@treiber/client/format";
import type { RouteNotScheduledListItem } from "@treiber/contract";
import { ROUTE_NOT_SCHEDULED_PAGE_SIZE } from "@treiber/contract";
import { Button, type TableColumnsType } from "antd";
import { useRoutesNotScheduled } from "../features/routes-not-scheduled/api/list-routes-not-scheduled";
import { useSetRouteNotScheduledStatus } from "../features/routes-not-scheduled/api/set-route-not-scheduled-status";
import { RouteNotScheduledFormModal } from "../features/routes-not-scheduled/components/route-not-scheduled-form-modal";
import {
  actionsColumn,
  EditButton,
  ListPage,
  statusActionsColumns,
  useEditing,
  useTableParams,
} from "../shared/components/data-table";

export function RouteNotScheduledPage() {
  const table = useTableParams(ROUTE_NOT_SCHEDULED_PAGE_SIZE);
  const query = useRoutesNotScheduled(table.request);
  const setStatus = useSetRouteNotScheduledStatus();
  const editing = useEditing<RouteNotScheduledListItem>();

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
    actionsColumn((row) => <EditButton label={row.name} onClick={() => editing.edit(row)} />),
  ];

  return (
    <ListPage<RouteNotScheduledListItem>
      title="Rutas No Programdas"
      table={table}
      query={query}
      columns={columns}
      searchPlaceholder="Buscar ruta"
      details={(row) => [
        { label: "Nombre", value: row.name },
        { label: "Descripción", value: row.description },
        { label: "Destino", value: row.destinationName },
        { label: "Origen", value: row.originAddress },
        {
          label: "Pasajeros",
          value: row.riders.map((rider) => `${rider.name} ${rider.lastname}`.trim()).join(", "),
        },
      ]}
      actions={
        <Button type="primary" onClick={editing.create}>
          Nueva ruta no programada
        </Button>
      }
    >
      <RouteNotScheduledFormModal open={editing.open} route={editing.item} onClose={editing.close} />
    </ListPage>
  );
}
