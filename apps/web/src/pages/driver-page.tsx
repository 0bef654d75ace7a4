import type { DriverListItem } from "@treiber/contract";
import { Button, Card, type TableColumnsType } from "antd";
import { useState } from "react";
import { useDrivers } from "../features/drivers/api/list-drivers";
import { useSetDriverStatus } from "../features/drivers/api/set-driver-status";
import { DriverFormModal } from "../features/drivers/components/driver-form-modal";
import { PersonRoutesButton } from "../features/route-assignments/components/person-routes-button";
import {
  PersonRoutesDrawer,
  type PersonRoutesTarget,
} from "../features/route-assignments/components/person-routes-drawer";
import { RegeneratePasswordButton } from "../features/users/components/regenerate-password-button";
import {
  listQueryProps,
  PagedTable,
  statusActionsColumns,
  useTableParams,
} from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";

function vehicle(row: DriverListItem): string {
  const text = [row.vehiclePlate, row.vehicleModel].filter(Boolean).join(" · ");
  return text || "—";
}

export function DriverPage() {
  const table = useTableParams();
  const query = useDrivers(table.request);
  const setStatus = useSetDriverStatus();
  const [editing, setEditing] = useState<{ driver?: DriverListItem } | null>(null);
  const [routesOf, setRoutesOf] = useState<PersonRoutesTarget | null>(null);

  const { status, actions } = statusActionsColumns<DriverListItem>({
    setStatus,
    name: (row) => `${row.name} ${row.lastname}`,
    actions: (row, statusSwitch) => (
      <>
        <Button size="small" onClick={() => setEditing({ driver: row })}>
          Editar
        </Button>
        <PersonRoutesButton
          person={{ kind: "driver", id: row.id, name: `${row.name} ${row.lastname}`, status: row.status }}
          onOpen={setRoutesOf}
        />
        {statusSwitch}
        <RegeneratePasswordButton userId={row.userId} name={`${row.name} ${row.lastname}`} />
      </>
    ),
  });
  const columns: TableColumnsType<DriverListItem> = [
    { title: "Nombre", dataIndex: "name" },
    { title: "Apellido", dataIndex: "lastname" },
    { title: "Cédula", dataIndex: "identityCard" },
    { title: "Teléfono", dataIndex: "telephone", render: (value: string | null) => value ?? "—" },
    { title: "Suplidor", dataIndex: "supplierName" },
    { title: "Vehículo", key: "vehicle", render: (_, row) => vehicle(row) },
    {
      title: "Capacidad",
      dataIndex: "vehicleCapacity",
      align: "right",
      render: (value: number | null) => value ?? "—",
    },
    status,
    actions,
  ];

  return (
    <PageSection title="Choferes">
      <Card>
        <PagedTable<DriverListItem>
          table={table}
          columns={columns}
          {...listQueryProps(query)}
          rowKey="id"
          searchPlaceholder="Buscar chofer"
          actions={
            <Button type="primary" onClick={() => setEditing({})}>
              Nuevo chofer
            </Button>
          }
        />
      </Card>
      <DriverFormModal open={editing !== null} driver={editing?.driver} onClose={() => setEditing(null)} />
      <PersonRoutesDrawer person={routesOf} onClose={() => setRoutesOf(null)} />
    </PageSection>
  );
}
