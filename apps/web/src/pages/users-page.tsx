import { hasRole } from "@treiber/client";
import type { UserListItem } from "@treiber/contract";
import { Card, type TableColumnsType } from "antd";
import { useUsers } from "../features/users/api/list-users";
import { useSetUserStatus } from "../features/users/api/set-user-status";
import { RegeneratePasswordButton } from "../features/users/components/regenerate-password-button";
import { UserRoleSelect } from "../features/users/components/user-role-select";
import {
  listQueryProps,
  PagedTable,
  statusActionsColumns,
  useTableParams,
} from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";
import { formatDate, formatTime } from "../shared/format";
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

  const { status, actions } = statusActionsColumns<UserListItem>({
    setStatus,
    name: fullName,
    actions: (row, statusSwitch) => (
      <>
        {statusSwitch}
        <RegeneratePasswordButton userId={row.id} name={fullName(row)} />
      </>
    ),
  });
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
    status,
    {
      title: "Último acceso",
      dataIndex: "lastSignInDate",
      render: (value: string | null) => (value ? `${formatDate(value)} ${formatTime(value)}` : "—"),
    },
    actions,
  ];

  return (
    <PageSection title="Usuarios">
      <Card>
        <PagedTable<UserListItem>
          table={table}
          columns={columns}
          {...listQueryProps(query)}
          rowKey="id"
          searchPlaceholder="Buscar usuario"
        />
      </Card>
    </PageSection>
  );
}
