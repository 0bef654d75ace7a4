import { hasRole } from "@treiber/client";
import type { EmployeeListItem } from "@treiber/contract";
import { Button, Card, Flex, type TableColumnsType } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useCollaborators } from "../features/collaborators/api/list-collaborators";
import { useSetCollaboratorStatus } from "../features/collaborators/api/set-collaborator-status";
import { CollaboratorEditModal } from "../features/collaborators/components/collaborator-edit-modal";
import { CollaboratorFormModal } from "../features/collaborators/components/collaborator-form-modal";
import { LazyCollaboratorLocationModal } from "../features/collaborators/components/lazy-collaborator-location-modal";
import { RegenerateCodeQrButton } from "../features/collaborators/components/regenerate-code-qr-button";
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
import { formatDate } from "../shared/format";
import { useSession } from "../shared/session/use-session";

const orDash = (value: string | null) => value ?? "—";

export function CollaboratorPage() {
  const table = useTableParams();
  const query = useCollaborators(table.request);
  const setStatus = useSetCollaboratorStatus();
  const isSuperAdmin = hasRole(useSession(), "SuperAdmin");
  const [creating, setCreating] = useState(false);
  const [locating, setLocating] = useState<EmployeeListItem | null>(null);
  const [editing, setEditing] = useState<EmployeeListItem | null>(null);
  const [routesOf, setRoutesOf] = useState<PersonRoutesTarget | null>(null);

  const { status, actions } = statusActionsColumns<EmployeeListItem>({
    setStatus,
    name: (row) => `${row.name} ${row.lastname}`,
    wrapActions: true,
    actions: (row, statusSwitch) => (
      <>
        {statusSwitch}
        <Button
          size="small"
          aria-label={`Editar a ${row.name} ${row.lastname}`}
          onClick={() => setEditing(row)}
        >
          Editar
        </Button>
        <PersonRoutesButton
          person={{ kind: "employee", id: row.id, name: `${row.name} ${row.lastname}`, status: row.status }}
          onOpen={setRoutesOf}
        />
        <Button
          size="small"
          aria-label={`Ubicación de ${row.name} ${row.lastname}`}
          onClick={() => setLocating(row)}
        >
          Ubicación
        </Button>
        <RegenerateCodeQrButton employeeId={row.id} name={`${row.name} ${row.lastname}`} />
        <RegeneratePasswordButton userId={row.userId} name={`${row.name} ${row.lastname}`} />
      </>
    ),
  });
  const columns: TableColumnsType<EmployeeListItem> = [
    { title: "Código", dataIndex: "codeEmployee" },
    { title: "Nombre", dataIndex: "name" },
    { title: "Apellido", dataIndex: "lastname" },
    { title: "Departamento", dataIndex: "department", render: orDash },
    { title: "Puesto", dataIndex: "jobTitle", render: orDash },
    { title: "Sucursal", dataIndex: "branchOfficeName", render: orDash },
    { title: "Teléfono", dataIndex: "telephone", render: orDash },
    { title: "Dirección", dataIndex: "address", render: orDash },
    { title: "Fecha de creación", dataIndex: "createdDate", render: (value: string) => formatDate(value) },
    status,
    actions,
  ];

  return (
    <PageSection title="Colaboradores">
      <Card>
        <PagedTable<EmployeeListItem>
          table={table}
          columns={columns}
          {...listQueryProps(query)}
          rowKey="id"
          searchPlaceholder="Buscar colaborador"
          dateFilter
          actions={
            <Flex gap={16} align="center">
              <Link to="/branchOffice">Sucursales</Link>
              <Button type="primary" onClick={() => setCreating(true)}>
                Nuevo colaborador
              </Button>
            </Flex>
          }
        />
      </Card>
      <CollaboratorFormModal open={creating} isSuperAdmin={isSuperAdmin} onClose={() => setCreating(false)} />
      <CollaboratorEditModal collaborator={editing} onClose={() => setEditing(null)} />
      <LazyCollaboratorLocationModal collaborator={locating} onClose={() => setLocating(null)} />
      <PersonRoutesDrawer person={routesOf} onClose={() => setRoutesOf(null)} />
    </PageSection>
  );
}
