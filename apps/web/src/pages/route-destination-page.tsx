import { formatDate } from "@treiber/client/format";
import type { DestinationItem } from "@treiber/contract";
import { Button, Card, type TableColumnsType } from "antd";
import { useState } from "react";
import { useDestinations } from "../features/destinations/api/list-destinations";
import { DestinationFormModal } from "../features/destinations/components/destination-form-modal";
import {
  actionsColumn,
  listQueryProps,
  PagedTable,
  RowDetails,
  useTableParams,
} from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";

const orDash = (value: string | number | null) => value ?? "—";

export function RouteDestinationPage() {
  const table = useTableParams();
  const query = useDestinations(table.request);
  const [editing, setEditing] = useState<{ destination?: DestinationItem } | null>(null);

  const columns: TableColumnsType<DestinationItem> = [
    { title: "Nombre", dataIndex: "name", width: 240, ellipsis: true, sorter: true },
    { title: "Descripción", dataIndex: "description", width: 200, ellipsis: true, render: orDash },
    { title: "Dirección", dataIndex: "address", width: 220, ellipsis: true, render: orDash },
    {
      title: "Fecha de creación",
      dataIndex: "createdDate",
      width: 150,
      sorter: true,
      render: (value: string) => formatDate(value),
    },
    actionsColumn((row) => (
      <Button size="small" aria-label={`Editar ${row.name}`} onClick={() => setEditing({ destination: row })}>
        Editar
      </Button>
    )),
  ];

  return (
    <PageSection title="Rutas Destino">
      <Card>
        <PagedTable<DestinationItem>
          table={table}
          columns={columns}
          {...listQueryProps(query)}
          rowKey="id"
          searchPlaceholder="Buscar destino"
          dateFilter
          details={(row) => (
            <RowDetails
              items={[
                { label: "Nombre", value: row.name },
                { label: "Descripción", value: row.description },
                { label: "Dirección", value: row.address },
                { label: "Latitud", value: row.latitude },
                { label: "Longitud", value: row.longitude },
              ]}
            />
          )}
          actions={
            <Button type="primary" onClick={() => setEditing({})}>
              Nuevo destino
            </Button>
          }
        />
      </Card>
      <DestinationFormModal
        open={editing !== null}
        destination={editing?.destination}
        onClose={() => setEditing(null)}
      />
    </PageSection>
  );
}
