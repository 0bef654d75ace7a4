import { hasRole } from "@treiber/client";
import { formatDate } from "@treiber/client/format";
import type { EmployeeListItem } from "@treiber/contract";
import { Button, Flex, type TableColumnsType } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useCollaborators } from "../features/collaborators/api/list-collaborators";
import { useSetCollaboratorStatus } from "../features/collaborators/api/set-collaborator-status";
import { CollaboratorEditModal } from "../features/collaborators/components/collaborator-edit-modal";
import { CollaboratorFormModal } from "../features/collaborators/components/collaborator-form-modal";
import { LazyCollaboratorLocationModal } from "../features/collaborators/components/lazy-collaborator-location-modal";
import { LocationFilter } from "../features/collaborators/components/location-filter";
import { RegenerateCodeQrButton } from "../features/collaborators/components/regenerate-code-qr-button";
import { useCollaboratorListParams } from "../features/collaborators/hooks/use-collaborator-list-params";
import { ImportButton } from "../features/imports/components/import-button";
import { PersonRoutesButton } from "../features/route-assignments/components/person-routes-button";
import {
  PersonRoutesDrawer,
  type PersonRoutesTarget,
} from "../features/route-assignments/components/person-routes-drawer";
import { accountPermissions } from "../features/users/account-permissions";
import { RegeneratePasswordButton } from "../features/users/components/regenerate-password-button";
import { ListPage, statusActionsColumns } from "../shared/components/data-table";
import { useSession } from "../shared/session/use-session";

const orDash = (value: string | null) => value ?? "—";

export function CollaboratorPage() {
  const { table, request, location, setLocation } = useCollaboratorListParams();
  const query = useCollaborators(request);
  const setStatus = useSetCollaboratorStatus();
  const session = useSession();
  const isSuperAdmin = hasRole(session, "SuperAdmin");
  const permissions = (row: EmployeeListItem) => accountPermissions(session, row);
  const [creating, setCreating] = useState(false);
  const [locating, setLocating] = useState<EmployeeListItem | null>(null);
  const [editing, setEditing] = useState<EmployeeListItem | null>(null);
  const [routesOf, setRoutesOf] = useState<PersonRoutesTarget | null>(null);

  const { status, actions } = statusActionsColumns<EmployeeListItem>({
    setStatus,
    name: (row) => `${row.name} ${row.lastname}`,
    statusLockedReason: (row) => permissions(row).statusLocked,
    actionsWidth: 260,
    actions: (row) => (
      <>
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
        <RegeneratePasswordButton
          userId={row.userId}
          name={`${row.name} ${row.lastname}`}
          disabledReason={permissions(row).passwordLocked}
        />
      </>
    ),
  });
  const columns: TableColumnsType<EmployeeListItem> = [
    { title: "Código", dataIndex: "codeEmployee", width: 100, ellipsis: true, sorter: true },
    { title: "Nombre", dataIndex: "name", width: 140, ellipsis: true, sorter: true },
    { title: "Apellido", dataIndex: "lastname", width: 140, ellipsis: true, sorter: true },
    { title: "Sucursal", dataIndex: "branchOfficeName", width: 130, ellipsis: true, render: orDash },
    status,
    actions,
  ];

  return (
    <ListPage<EmployeeListItem>
      title="Colaboradores"
      table={table}
      query={query}
      columns={columns}
      searchPlaceholder="Buscar colaborador"
      filters={<LocationFilter value={location} onChange={setLocation} />}
      details={(row) => [
        { label: "Nombre", value: `${row.name} ${row.lastname}` },
        { label: "Correo", value: row.email },
        { label: "Departamento", value: row.department },
        { label: "Puesto", value: row.jobTitle },
        { label: "Sucursal", value: row.branchOfficeName },
        { label: "Teléfono", value: row.telephone },
        { label: "Dirección", value: row.address },
        { label: "Fecha de creación", value: formatDate(row.createdDate) },
      ]}
      actions={
        <Flex gap={16} align="center">
          <Link to="/branchOffice">Sucursales</Link>
          <ImportButton kind="employee" />
          <Button type="primary" onClick={() => setCreating(true)}>
            Nuevo colaborador
          </Button>
        </Flex>
      }
    >
      <CollaboratorFormModal open={creating} isSuperAdmin={isSuperAdmin} onClose={() => setCreating(false)} />
      <CollaboratorEditModal collaborator={editing} onClose={() => setEditing(null)} />
      <LazyCollaboratorLocationModal collaborator={locating} onClose={() => setLocating(null)} />
      <PersonRoutesDrawer person={routesOf} onClose={() => setRoutesOf(null)} />
    </ListPage>
  );
}
