import type { SupplierItem } from "@treiber/contract";
import { Button } from "antd";
import { useState } from "react";
import { useSuppliers } from "../features/suppliers/api/list-suppliers";
import { useSetSupplierStatus } from "../features/suppliers/api/set-supplier-status";
import { SupplierFormModal } from "../features/suppliers/components/supplier-form-modal";
import { SupplierUserModal } from "../features/suppliers/components/supplier-user-modal";
import { rateText } from "../features/suppliers/lib/rate-text";
import {
  createdDateColumn,
  EditButton,
  ListPage,
  statusActionsColumns,
  useEditing,
  useTableParams,
} from "../shared/components/data-table";

const orDash = (value: string | null) => value ?? "—";

/** /supplier «Suplidores»: the suppliers, their rate, and (issue 37) the users of their portal. */
export function SupplierPage() {
  const table = useTableParams();
  const query = useSuppliers(table.request);
  const setStatus = useSetSupplierStatus();
  const editing = useEditing<SupplierItem>();
  const [portalUserOf, setPortalUserOf] = useState<SupplierItem | null>(null);

  const { status, actions } = statusActionsColumns<SupplierItem>({
    setStatus,
    name: (row) => row.name,
    actionsWidth: 180,
    actions: (row) => (
      <>
        <EditButton label={row.name} onClick={() => editing.edit(row)} />
        <Button
          size="small"
          aria-label={`Crear usuario del portal de ${row.name}`}
          title="Crear usuario del portal del suplidor"
          onClick={() => setPortalUserOf(row)}
        >
          Portal
        </Button>
      </>
    ),
  });

  return (
    <ListPage<SupplierItem>
      title="Suplidores"
      table={table}
      query={query}
      columns={[
        { title: "Nombre", dataIndex: "name", width: 170, ellipsis: true, sorter: true },
        { title: "RNC", dataIndex: "rnc", width: 110, ellipsis: true, render: orDash },
        { title: "Contacto", dataIndex: "contactName", width: 110, ellipsis: true, render: orDash },
        { title: "Choferes", dataIndex: "amountDrivers", width: 90, align: "right" },
        createdDateColumn(),
        status,
        actions,
      ]}
      searchPlaceholder="Buscar suplidor"
      details={(row) => [
        { label: "Nombre", value: row.name },
        { label: "Contacto", value: row.contactName },
        { label: "Teléfono", value: row.telephone },
        { label: "Correo", value: row.email },
        { label: "Tarifa", value: rateText(row) },
      ]}
      actions={
        <Button type="primary" onClick={editing.create}>
          Nuevo suplidor
        </Button>
      }
    >
      <SupplierFormModal open={editing.open} supplier={editing.item} onClose={editing.close} />
      <SupplierUserModal supplier={portalUserOf} onClose={() => setPortalUserOf(null)} />
    </ListPage>
  );
}
