import { formatDate } from "@treiber/client/format";
import type { SupplierItem } from "@treiber/contract";
import { Button, Card, type TableColumnsType } from "antd";
import { useState } from "react";
import { useSuppliers } from "../features/suppliers/api/list-suppliers";
import { useSetSupplierStatus } from "../features/suppliers/api/set-supplier-status";
import { SupplierFormModal } from "../features/suppliers/components/supplier-form-modal";
import {
  listQueryProps,
  PagedTable,
  RowDetails,
  statusActionsColumns,
  useTableParams,
} from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";

const orDash = (value: string | null) => value ?? "—";

export function SupplierPage() {
  const table = useTableParams();
  const query = useSuppliers(table.request);
  const setStatus = useSetSupplierStatus();
  const [editing, setEditing] = useState<{ supplier?: SupplierItem } | null>(null);

  const { status, actions } = statusActionsColumns<SupplierItem>({
    setStatus,
    name: (row) => row.name,
    actions: (row) => (
      <Button size="small" aria-label={`Editar ${row.name}`} onClick={() => setEditing({ supplier: row })}>
        Editar
      </Button>
    ),
  });
  const columns: TableColumnsType<SupplierItem> = [
    { title: "Nombre", dataIndex: "name", width: 200, ellipsis: true, sorter: true },
    { title: "RNC", dataIndex: "rnc", width: 110, ellipsis: true, render: orDash },
    { title: "Contacto", dataIndex: "contactName", width: 140, ellipsis: true, render: orDash },
    { title: "Choferes", dataIndex: "amountDrivers", width: 90, align: "right" },
    {
      title: "Fecha de creación",
      dataIndex: "createdDate",
      width: 150,
      sorter: true,
      render: (value: string) => formatDate(value),
    },
    status,
    actions,
  ];

  return (
    <PageSection title="Suplidores">
      <Card>
        <PagedTable<SupplierItem>
          table={table}
          columns={columns}
          {...listQueryProps(query)}
          rowKey="id"
          searchPlaceholder="Buscar suplidor"
          dateFilter
          details={(row) => (
            <RowDetails
              items={[
                { label: "Nombre", value: row.name },
                { label: "Contacto", value: row.contactName },
                { label: "Teléfono", value: row.telephone },
                { label: "Correo", value: row.email },
              ]}
            />
          )}
          actions={
            <Button type="primary" onClick={() => setEditing({})}>
              Nuevo suplidor
            </Button>
          }
        />
      </Card>
      <SupplierFormModal
        open={editing !== null}
        supplier={editing?.supplier}
        onClose={() => setEditing(null)}
      />
    </PageSection>
  );
}
