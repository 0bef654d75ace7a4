import type { DriverListItem } from "@treiber/contract";
import { Button, Flex, type TableColumnsType } from "antd";
import { useState } from "react";
import { useDrivers } from "../features/drivers/api/list-drivers";
import { useSetDriverStatus } from "../features/drivers/api/set-driver-status";
import { DriverFormModal } from "../features/drivers/components/driver-form-modal";
import { ImportButton } from "../features/imports/components/import-button";
import { PersonRoutesButton } from "../features/route-assignments/components/person-routes-button";
import {
  PersonRoutesDrawer,
  type PersonRoutesTarget,
} from "../features/route-assignments/components/person-routes-drawer";
import { RegeneratePasswordButton } from "../features/users/components/regenerate-password-button";
import { ListPage, statusActionsColumns, useEditing, useTableParams } from "../shared/components/data-table";
import { useIsSupplierUser } from "../shared/session/portal-role";

/** Why a supplier's user sees the status as a tag: only an administrator changes it (issue 37). */
const SUPPLIER_READ_ONLY_REASON = "Solo un administrador cambia el estado";

function vehicle(row: DriverListItem): string {
  const text = [row.vehiclePlate, row.vehicleModel].filter(Boolean).join(" · ");
  return text || "—";
}

/**
 * /driver «Choferes»: an administrator creates, edits, imports and (de)activates drivers; a
 * supplier's user (issue 37) reads their own drivers and vehicles only (the server lists only theirs
 * and refuses the rest).
 */
export function DriverPage() {
  const readOnly = useIsSupplierUser();
  const table = useTableParams();
  const query = useDrivers(table.request);
  const setStatus = useSetDriverStatus();
  const editing = useEditing<DriverListItem>();
  const [routesOf, setRoutesOf] = useState<PersonRoutesTarget | null>(null);

  const { status, actions } = statusActionsColumns<DriverListItem>({
    setStatus,
    name: (row) => `${row.name} ${row.lastname}`,
    ...(readOnly && { statusLockedReason: () => SUPPLIER_READ_ONLY_REASON }),
    actionsWidth: 230,
    actions: (row) => (
      <>
        <Button
          size="small"
          aria-label={`Editar a ${row.name} ${row.lastname}`}
          onClick={() => editing.edit(row)}
        >
          Editar
        </Button>
        <PersonRoutesButton
          person={{ kind: "driver", id: row.id, name: `${row.name} ${row.lastname}`, status: row.status }}
          onOpen={setRoutesOf}
        />
        <RegeneratePasswordButton userId={row.userId} name={`${row.name} ${row.lastname}`} />
      </>
    ),
  });
  const columns: TableColumnsType<DriverListItem> = [
    { title: "Nombre", dataIndex: "name", width: 130, ellipsis: true, sorter: true },
    { title: "Apellido", dataIndex: "lastname", width: 130, ellipsis: true, sorter: true },
    { title: "Cédula", dataIndex: "identityCard", width: 130 },
    { title: "Suplidor", dataIndex: "supplierName", width: 140, ellipsis: true },
    status,
    ...(readOnly ? [] : [actions]),
  ];

  return (
    <ListPage<DriverListItem>
      title="Choferes"
      table={table}
      query={query}
      columns={columns}
      searchPlaceholder="Buscar chofer"
      details={(row) => [
        { label: "Nombre", value: `${row.name} ${row.lastname}` },
        { label: "Correo", value: row.email },
        { label: "Teléfono", value: row.telephone },
        { label: "Suplidor", value: row.supplierName },
        { label: "Vehículo", value: vehicle(row) },
        { label: "Capacidad", value: row.vehicleCapacity },
        { label: "Licencia", value: row.licenseNumber },
      ]}
      actions={
        readOnly ? undefined : (
          <Flex gap={12} align="center">
            <ImportButton kind="driver" />
            <Button type="primary" onClick={editing.create}>
              Nuevo chofer
            </Button>
          </Flex>
        )
      }
    >
      {readOnly ? null : (
        <>
          <DriverFormModal open={editing.open} driver={editing.item} onClose={editing.close} />
          <PersonRoutesDrawer person={routesOf} onClose={() => setRoutesOf(null)} />
        </>
      )}
    </ListPage>
  );
}
