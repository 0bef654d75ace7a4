import { getErrorMessage } from "@treiber/client";
import type { Role } from "@treiber/contract";
import { App, Select, Tag, Tooltip } from "antd";
import { showErrorMessage } from "../../../shared/feedback/feedback";
import { grantableRoles, ROLE_LABELS } from "../../../shared/lib/role-labels";
import { useSetUserRole } from "../api/set-user-role";

const ROLE_TAG_COLORS: Partial<Record<Role, string>> = { Driver: "blue", Supplier: "gold" };

export interface UserRoleSelectProps {
  userId: number;
  /** Name of the user, shown in the confirmation. */
  name: string;
  role: Role;
  /** Whether the session user is a SuperAdmin. */
  isSuperAdmin: boolean;
  /** Why the session user may not change this role (e.g. their own): shown as a tag with the reason. */
  lockedReason?: string;
}

/**
 * The role of a user, changed after confirmation; drivers keep their role, and roles the session
 * user may not change are shown as a tag.
 */
export function UserRoleSelect({ userId, name, role, isSuperAdmin, lockedReason }: UserRoleSelectProps) {
  const { modal } = App.useApp();
  const setRole = useSetUserRole();
  const options = grantableRoles(isSuperAdmin);

  // Only a SuperAdmin changes an Admin's role (the server refuses anyone else); a supplier's user
  // (issue 37) keeps the «Suplidor» role, like a driver theirs.
  if (lockedReason || role === "Driver" || !options.includes(role) || (role === "Admin" && !isSuperAdmin)) {
    const tag = <Tag color={ROLE_TAG_COLORS[role] ?? "purple"}>{ROLE_LABELS[role]}</Tag>;
    return lockedReason ? (
      <Tooltip title={lockedReason}>
        <span>{tag}</span>
      </Tooltip>
    ) : (
      tag
    );
  }

  return (
    <Select<Role>
      size="small"
      value={role}
      aria-label={`Rol de ${name}`}
      loading={setRole.isPending}
      disabled={setRole.isPending}
      style={{ width: "100%", maxWidth: 180 }}
      options={options.map((value) => ({ value, label: ROLE_LABELS[value] }))}
      onChange={(next) => {
        if (next === role) return;
        modal.confirm({
          title: "Cambiar rol",
          content: `¿Seguro que desea cambiar el rol de "${name}" a ${ROLE_LABELS[next]}?`,
          okText: "Sí",
          cancelText: "No",
          onOk: () =>
            setRole
              .mutateAsync({ userId, role: next })
              .catch((error: unknown) => showErrorMessage(getErrorMessage(error))),
        });
      }}
    />
  );
}
