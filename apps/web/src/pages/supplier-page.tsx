import type { SupplierItem } from "@treiber/contract";
import { Button, Card, type TableColumnsType } from "antd";
import { useState } from "react";
import { useSuppliers } from "../features/suppliers/api/list-suppliers";
import { useSetSupplierStatus } from "../features/suppliers/api/set-supplier-status";
import { SupplierFormModal } from "../features/suppliers/components/supplier-form-modal";
import {
  listQueryProps,
  PagedTable,
  statusActionsColumns,
  useTableParams,
} from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";
import { formatDate } from "../shared/format";

const orDash = (value: string | null) => value ?? "—";

export function SupplierPage() {
  const table = useTableParams();
  const query = useSuppliers(table.request);
  const setStatus = useSetSupplierStatus();
  const [editing, setEditing] = useState<{ supplier?: SupplierItem } | null>(null);

  const { status, actions } = statusActionsColumns<SupplierItem>({
    setStatus,
    name: (row) => row.name,
    actions: (row, statusSwitch) => (
      <>
        <Button size="small" onClick={() => setEditing({ supplier: row })}>
          Editar
        </Button>
        {statusSwitch}
      </>
    ),
  });
  const columns: TableColumnsType<SupplierItem> = [
    { title: "Nombre", dataIndex: "name" },
    { title: "RNC", dataIndex: "rnc", render: orDash },
    { title: "Contacto", dataIndex: "contactName", render: orDash },
    { title: "Teléfono", dataIndex: "telephone", render: orDash },
    { title: "Correo", dataIndex: "email", render: orDash },
    { title: "Choferes", dataIndex: "amountDrivers", align: "right" },
    { title: "Fecha de creación", dataIndex: "createdDate", render: (value: string) => formatDate(value) },
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
