import { hasRole } from "@treiber/client";
import { formatDate, formatDateTime } from "@treiber/client/format";
import type { UserListItem } from "@treiber/contract";
import type { TableColumnsType } from "antd";
import { accountPermissions } from "../features/users/account-permissions";
import { useUsers } from "../features/users/api/list-users";
import { useSetUserStatus } from "../features/users/api/set-user-status";
import { RegeneratePasswordButton } from "../features/users/components/regenerate-password-button";
import { UserRoleSelect } from "../features/users/components/user-role-select";
import { ListPage, statusActionsColumns, useTableParams } from "../shared/components/data-table";
import { useSession } from "../shared/session/use-session";

function fullName(user: UserListItem): string {
  const name = [user.name, user.lastname].filter(Boolean).join(" ");
  return name || user.email;
}

const dateTime = (value: string | null) => (value ? formatDateTime(value) : "—");

export function UsersPage() {
  const table = useTableParams();
  const query = useUsers(table.request);
  const setStatus = useSetUserStatus();
  const session = useSession();
  const isSuperAdmin = hasRole(session, "SuperAdmin");
  const permissions = (row: UserListItem) => accountPermissions(session, { userId: row.id, role: row.role });

  const { status, actions } = statusActionsColumns<UserListItem>({
    setStatus,
    name: fullName,
    statusLockedReason: (row) => permissions(row).statusLocked,
    actionsWidth: 170,
    actions: (row) => (
      <RegeneratePasswordButton
        userId={row.id}
        name={fullName(row)}
        disabledReason={permissions(row).passwordLocked}
      />
    ),
  });
  const columns: TableColumnsType<UserListItem> = [
    { title: "Correo", dataIndex: "email", width: 190, ellipsis: true, sorter: true },
    {
      title: "Nombre",
      key: "name",
      width: 140,
      ellipsis: true,
      render: (_, row) => [row.name, row.lastname].filter(Boolean).join(" ") || "—",
    },
    {
      title: "Rol",
      dataIndex: "role",
      width: 150,
      render: (_, row) => (
        <UserRoleSelect
          userId={row.id}
          name={fullName(row)}
          role={row.role}
          isSuperAdmin={isSuperAdmin}
          lockedReason={permissions(row).roleLocked}
        />
      ),
    },
    { title: "Último acceso", dataIndex: "lastSignInDate", width: 150, sorter: true, render: dateTime },
    status,
    actions,
  ];

  return (
    <ListPage<UserListItem>
      title="Usuarios"
      table={table}
      query={query}
      columns={columns}
      searchPlaceholder="Buscar usuario"
      details={(row) => [
        { label: "Nombre", value: [row.name, row.lastname].filter(Boolean).join(" ") },
        { label: "Correo", value: row.email },
        { label: "Fecha de creación", value: formatDate(row.createdDate) },
      ]}
    />
  );
}
