import type { UserListQuery, userListItemSchema } from "@treiber/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { listFilters } from "../../lib/list-filters.js";
import type { AccountRights } from "../accounts/account-rights.js";
import { type Status, setUserStatus } from "../accounts/user-status.js";
import { listUsers } from "./user-repository.js";

type UserListItem = z.infer<typeof userListItemSchema>;

export type UserService = ReturnType<typeof createUserService>;

export function createUserService(db: Db, rights: AccountRights) {
  return {
    async list(query: UserListQuery, clock: CallerClock) {
      const { amount, rows } = await listUsers(db, listFilters(query, clock));
      return {
        amount,
        list: rows.map(
          (row): UserListItem => ({
            id: row.id,
            email: row.email,
            role: row.role as UserListItem["role"],
            status: row.status as UserListItem["status"],
            name: row.employeeName ?? row.driverName ?? row.supplierUserName ?? null,
            lastname: row.employeeLastname ?? row.driverLastname ?? row.supplierUserLastname ?? null,
            createdDate: row.createdAt.toISOString(),
            lastSignInDate: row.lastSignInAt?.toISOString() ?? null,
          }),
        ),
      };
    },

    setStatus: (caller: AuthUser, userId: number, status: Status) =>
      setUserStatus(db, rights, caller, userId, status),
  };
}
