import type { DestinationItem } from "@treiber/contract";
import { Button, Card, type TableColumnsType } from "antd";
import { useState } from "react";
import { useDestinations } from "../features/destinations/api/list-destinations";
import { DestinationFormModal } from "../features/destinations/components/destination-form-modal";
import { listQueryProps, PagedTable, useTableParams } from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";
import { formatDate } from "../shared/format";

const orDash = (value: string | number | null) => value ?? "—";

export function RouteDestinationPage() {
  const table = useTableParams();
  const query = useDestinations(table.request);
  const [editing, setEditing] = useState<{ destination?: DestinationItem } | null>(null);

  const columns: TableColumnsType<DestinationItem> = [
    { title: "Nombre", dataIndex: "name" },
    { title: "Descripción", dataIndex: "description", render: orDash },
    { title: "Dirección", dataIndex: "address", render: orDash },
    { title: "Latitud", dataIndex: "latitude", render: orDash },
    { title: "Longitud", dataIndex: "longitude", render: orDash },
    { title: "Fecha de creación", dataIndex: "createdDate", render: (value: string) => formatDate(value) },
    {
      title: "Acciones",
      key: "actions",
      render: (_, row) => (
        <Button size="small" onClick={() => setEditing({ destination: row })}>
          Editar
        </Button>
      ),
    },
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
