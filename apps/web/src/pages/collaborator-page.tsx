import type { EmployeeListItem } from "@treiber/contract";
import { Button, Card, type TableColumnsType, Typography } from "antd";
import { useState } from "react";
import { useCollaborators } from "../features/collaborators/api/list-collaborators";
import { useSetCollaboratorStatus } from "../features/collaborators/api/set-collaborator-status";
import { CollaboratorFormModal } from "../features/collaborators/components/collaborator-form-modal";
import { RegeneratePasswordButton } from "../features/users/components/regenerate-password-button";
import { getErrorMessage } from "../shared/api/get-error-message";
import { PagedTable, StatusTag, StatusToggle, useTableParams } from "../shared/components/data-table";
import { showErrorMessage } from "../shared/feedback/feedback";
import { formatDate } from "../shared/format";
import { hasRole } from "../shared/session/roles";
import { useSession } from "../shared/session/use-session";

const orDash = (value: string | null) => value ?? "—";

export function CollaboratorPage() {
  const table = useTableParams();
  const query = useCollaborators(table.request);
  const setStatus = useSetCollaboratorStatus();
  const isSuperAdmin = hasRole(useSession(), "SuperAdmin");
  const [creating, setCreating] = useState(false);

  const columns: TableColumnsType<EmployeeListItem> = [
    { title: "Código", dataIndex: "codeEmployee" },
    { title: "Nombre", dataIndex: "name" },
    { title: "Apellido", dataIndex: "lastname" },
    { title: "Departamento", dataIndex: "department", render: orDash },
    { title: "Puesto", dataIndex: "jobTitle", render: orDash },
    { title: "Sucursal", dataIndex: "branchOfficeName", render: orDash },
    { title: "Teléfono", dataIndex: "telephone", render: orDash },
    { title: "Fecha de creación", dataIndex: "createdDate", render: (value: string) => formatDate(value) },
    { title: "Estado", dataIndex: "status", render: (_, row) => <StatusTag status={row.status} /> },
    {
      title: "Acciones",
      key: "actions",
      render: (_, row) => (
        <span style={{ display: "inline-flex", gap: 12, alignItems: "center" }}>
          <StatusToggle
            status={row.status}
            name={`${row.name} ${row.lastname}`}
            loading={setStatus.isPending && setStatus.variables?.id === row.id}
            onChange={(status) =>
              setStatus.mutate(
                { id: row.id, status },
                { onError: (error) => showErrorMessage(getErrorMessage(error)) },
              )
            }
          />
          <RegeneratePasswordButton userId={row.userId} name={`${row.name} ${row.lastname}`} />
        </span>
      ),
    },
  ];

  return (
    <section>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Colaboradores
      </Typography.Title>
      <Card>
        <PagedTable<EmployeeListItem>
          table={table}
          columns={columns}
          rows={query.data?.list}
          total={query.data?.amount}
          loading={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          rowKey="id"
          searchPlaceholder="Buscar colaborador"
          dateFilter
          actions={
            <Button type="primary" onClick={() => setCreating(true)}>
              Nuevo colaborador
            </Button>
          }
        />
      </Card>
      <CollaboratorFormModal open={creating} isSuperAdmin={isSuperAdmin} onClose={() => setCreating(false)} />
    </section>
  );
}
