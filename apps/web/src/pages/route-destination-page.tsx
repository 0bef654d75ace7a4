import type { DestinationItem } from "@treiber/contract";
import { Button } from "antd";
import { useDestinations } from "../features/destinations/api/list-destinations";
import { DestinationFormModal } from "../features/destinations/components/destination-form-modal";
import {
  actionsColumn,
  createdDateColumn,
  EditButton,
  ListPage,
  useEditing,
  useTableParams,
} from "../shared/components/data-table";

const orDash = (value: string | number | null) => value ?? "—";

export function RouteDestinationPage() {
  const table = useTableParams();
  const query = useDestinations(table.request);
  const editing = useEditing<DestinationItem>();

  return (
    <ListPage<DestinationItem>
      title="Rutas Destino"
      table={table}
      query={query}
      columns={[
        { title: "Nombre", dataIndex: "name", width: 240, ellipsis: true, sorter: true },
        { title: "Descripción", dataIndex: "description", width: 200, ellipsis: true, render: orDash },
        { title: "Dirección", dataIndex: "address", width: 220, ellipsis: true, render: orDash },
        createdDateColumn(),
        actionsColumn((row) => <EditButton label={row.name} onClick={() => editing.edit(row)} />),
      ]}
      searchPlaceholder="Buscar destino"
      details={(row) => [
        { label: "Nombre", value: row.name },
        { label: "Descripción", value: row.description },
        { label: "Dirección", value: row.address },
        { label: "Latitud", value: row.latitude },
        { label: "Longitud", value: row.longitude },
      ]}
      actions={
        <Button type="primary" onClick={editing.create}>
          Nuevo destino
        </Button>
      }
    >
      <DestinationFormModal open={editing.open} destination={editing.item} onClose={editing.close} />
    </ListPage>
  );
}
