import type { UserListItem } from "@treiber/contract";
import { Card, type TableColumnsType, Typography } from "antd";
import { useUsers } from "../features/users/api/list-users";
import { useSetUserStatus } from "../features/users/api/set-user-status";
import { RegeneratePasswordButton } from "../features/users/components/regenerate-password-button";
import { UserRoleSelect } from "../features/users/components/user-role-select";
import { getErrorMessage } from "../shared/api/get-error-message";
import { PagedTable, StatusTag, StatusToggle, useTableParams } from "../shared/components/data-table";
import { showErrorMessage } from "../shared/feedback/feedback";
import { formatDate, formatTime } from "../shared/format";
import { hasRole } from "../shared/session/roles";
import { useSession } from "../shared/session/use-session";

function fullName(user: UserListItem): string {
  const name = [user.name, user.lastname].filter(Boolean).join(" ");
  return name || user.email;
}

export function UsersPage() {
  const table = useTableParams();
  const query = useUsers(table.request);
  const setStatus = useSetUserStatus();
  const isSuperAdmin = hasRole(useSession(), "SuperAdmin");

  const columns: TableColumnsType<UserListItem> = [
    { title: "Correo", dataIndex: "email" },
    {
      title: "Nombre",
      key: "name",
      render: (_, row) => [row.name, row.lastname].filter(Boolean).join(" ") || "—",
    },
    {
      title: "Rol",
      dataIndex: "role",
      render: (_, row) => (
        <UserRoleSelect userId={row.id} name={fullName(row)} role={row.role} isSuperAdmin={isSuperAdmin} />
      ),
    },
    { title: "Estado", dataIndex: "status", render: (_, row) => <StatusTag status={row.status} /> },
    {
      title: "Último acceso",
      dataIndex: "lastSignInDate",
      render: (value: string | null) => (value ? `${formatDate(value)} ${formatTime(value)}` : "—"),
    },
    {
      title: "Acciones",
      key: "actions",
      render: (_, row) => (
        <span style={{ display: "inline-flex", gap: 12, alignItems: "center" }}>
          <StatusToggle
            status={row.status}
            name={fullName(row)}
            loading={setStatus.isPending && setStatus.variables?.id === row.id}
            onChange={(status) =>
              setStatus.mutate(
                { id: row.id, status },
                { onError: (error) => showErrorMessage(getErrorMessage(error)) },
              )
            }
          />
          <RegeneratePasswordButton userId={row.id} name={fullName(row)} />
        </span>
      ),
    },
  ];

  return (
    <section>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Usuarios
      </Typography.Title>
      <Card>
        <PagedTable<UserListItem>
          table={table}
          columns={columns}
          rows={query.data?.list}
          total={query.data?.amount}
          loading={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          rowKey="id"
          searchPlaceholder="Buscar usuario"
        />
      </Card>
    </section>
  );
}
