import type {
  EmployeeListItem,
  EmployeeListQuery,
  EmployeeProfile,
  EmployeeUpdateRequest,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { type DuplicateMessages, duplicateError } from "../../lib/db-errors.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import { listFilters } from "../../lib/list-filters.js";
import type { Mailer } from "../../mail/mailer.js";
import type { AccountRights } from "../accounts/account-rights.js";
import {
  announceLoginEmailChange,
  changeLoginEmail,
  type LoginEmailChange,
} from "../accounts/login-email.js";
import { mayManage, PEER_EDIT_MESSAGE } from "../accounts/peer-policy.js";
import { USER_DUPLICATES } from "../accounts/user-duplicates.js";
import { setUserStatus } from "../accounts/user-status.js";
import { profileImageUrl } from "../profile-images/profile-image-url.js";
import { enqueueWebhookEvent } from "../webhooks/webhook-events.js";
import {
  findEmployeeProfile,
  findEmployeeUserId,
  findEmployeeUserRole,
  listEmployeeLocations,
  listEmployees,
  newCodeQr,
  searchEmployees,
  updateEmployee,
  updateEmployeeColumns,
  updateEmployeeProfile,
} from "./employee-repository.js";

const EMPLOYEE_NOT_FOUND = "Colaborador no encontrado";
const PROFILE_NOT_FOUND = "Perfil de colaborador no encontrado";

/** The employee's unique columns → the field and Spanish message a 409 reports. */
export const EMPLOYEE_DUPLICATES: DuplicateMessages = {
  employees_code_employee_key: ["codeEmployee", "Ya existe un colaborador con este código"],
};

/** What an edit (data and sign-in e-mail) may collide with. */
const UPDATE_DUPLICATES: DuplicateMessages = { ...EMPLOYEE_DUPLICATES, ...USER_DUPLICATES };

export type EmployeeService = ReturnType<typeof createEmployeeService>;

export function createEmployeeService(db: Db, rights: AccountRights, mailer: Mailer) {
  /** Only a SuperAdmin touches an Admin's or SuperAdmin's record (decision 0022; issue 21). */
  async function assertMayEdit(caller: AuthUser, employeeId: number) {
    const target = await findEmployeeUserRole(db, employeeId);
    if (target && !mayManage(caller, target)) throw forbidden(PEER_EDIT_MESSAGE);
  }

  async function ownProfile(userId: number): Promise<EmployeeProfile> {
    const row = await findEmployeeProfile(db, userId);
    if (!row) throw notFound(PROFILE_NOT_FOUND);
    const { etag, ...profile } = row;
    return { ...profile, image: profileImageUrl(userId, etag) };
  }

  return {
    search: (criterion: string | undefined, collaboratorsOnly: boolean) =>
      searchEmployees(db, criterion, collaboratorsOnly),

    async list(query: EmployeeListQuery, clock: CallerClock) {
      const { total, rows } = await listEmployees(db, {
        ...listFilters(query, clock),
        location: query.location,
      });
      return {
        amount: total,
        list: rows.map(
          ({ createdAt, ...row }): EmployeeListItem => ({
            ...row,
            role: row.role as EmployeeListItem["role"],
            status: row.status as EmployeeListItem["status"],
            createdDate: createdAt.toISOString(),
          }),
        ),
      };
    },

    /**
     * Only a SuperAdmin edits an Admin's or SuperAdmin's employee record. A new e-mail changes who
     * signs in: in the same transaction the person's sessions end and the old address is told.
     */
    async update(caller: AuthUser, request: EmployeeUpdateRequest) {
      await assertMayEdit(caller, request.id);
      const { email, ...values } = request;
      let change: LoginEmailChange | undefined;
      try {
        change = await db.transaction(async (tx) => {
          const outcome = await updateEmployee(tx, values);
          if (outcome === "employee-not-found") throw notFound(EMPLOYEE_NOT_FOUND);
          if (outcome === "branch-office-not-found") throw notFound("Sucursal no encontrada");
          if (outcome === "branch-office-inactive") {
            throw conflict("La sucursal está inactiva", { branchOfficeId: "La sucursal está inactiva" });
          }
          // Webhooks' employee.changed commits with the change (decision 0085).
          await enqueueWebhookEvent(tx, "employee.changed", {
            employeeId: request.id,
            userId: outcome.userId,
            change: "updated",
          });
          return email === undefined ? undefined : changeLoginEmail(tx, outcome.userId, email);
        });
      } catch (error) {
        throw duplicateError(error, UPDATE_DUPLICATES) ?? error;
      }
      await announceLoginEmailChange({ rights, mailer }, change);
    },

    /** An employee's status is its user's. */
    async setStatus(caller: AuthUser, id: number, status: "active" | "inactive") {
      const userId = await findEmployeeUserId(db, id);
      if (userId === undefined) throw notFound(EMPLOYEE_NOT_FOUND);
      await setUserStatus(db, rights, caller, userId, status);
      await enqueueWebhookEvent(db, "employee.changed", { employeeId: id, userId, change: "status", status });
    },

    async regenerateCodeQr(caller: AuthUser, employeeId: number) {
      await assertMayEdit(caller, employeeId);
      const codeQr = newCodeQr();
      if (!(await updateEmployeeColumns(db, employeeId, { codeQr }))) throw notFound(EMPLOYEE_NOT_FOUND);
      return { codeQr };
    },

    async setLocation(
      caller: AuthUser,
      location: { employeeId: number; address: string; latitude: number; longitude: number },
    ) {
      const { employeeId, ...values } = location;
      await assertMayEdit(caller, employeeId);
      if (!(await updateEmployeeColumns(db, employeeId, values))) throw notFound(EMPLOYEE_NOT_FOUND);
    },

    async listLocations() {
      const rows = await listEmployeeLocations(db);
      return rows.map((row) => ({
        ...row,
        address: row.address ?? "",
        latitude: row.latitude ?? 0,
        longitude: row.longitude ?? 0,
      }));
    },

    profile: ownProfile,

    async updateProfile(
      userId: number,
      values: { name: string; lastname: string; telephone: string; jobTitle?: string },
    ) {
      const { name, lastname, telephone, jobTitle } = values;
      const updated = await updateEmployeeProfile(db, userId, {
        name,
        lastname,
        telephone,
        ...(jobTitle !== undefined && { jobTitle }),
      });
      if (!updated) throw notFound(PROFILE_NOT_FOUND);
      return ownProfile(userId);
    },
  };
}
