import { randomBytes } from "node:crypto";
import {
  type DriverSignupRequest,
  type EmployeeSignupRequest,
  SUPPLIER_ROLE,
  type SupplierSignupRequest,
} from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { type DuplicateMessages, duplicateError } from "../../lib/db-errors.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import type { Mail, Mailer } from "../../mail/mailer.js";
import { insertUser } from "../accounts/account-repository.js";
import { USER_DUPLICATES } from "../accounts/user-duplicates.js";
import { findBranchOfficeStatus } from "../branch-offices/branch-office-repository.js";
import { insertDriver } from "../drivers/driver-repository.js";
import { DRIVER_DUPLICATES } from "../drivers/driver-service.js";
import { insertEmployee } from "../employees/employee-repository.js";
import { EMPLOYEE_DUPLICATES } from "../employees/employee-service.js";
import { insertSupplierUser } from "../supplier-portal/supplier-user-repository.js";
import { findSupplierStatus } from "../suppliers/supplier-repository.js";
import { enqueueWebhookEvent } from "../webhooks/webhook-events.js";
import { hashPassword, temporaryPassword } from "./passwords.js";

/** What a new user with its employee or driver record may collide with. */
const DUPLICATES: DuplicateMessages = { ...USER_DUPLICATES, ...EMPLOYEE_DUPLICATES, ...DRIVER_DUPLICATES };

type EmployeeInput = EmployeeSignupRequest & {
  location?: { address: string; latitude: number; longitude: number };
};

/** What a new employee account is made of (a sign-up, or a company account's first sign-in). */
type NewEmployeeAccount = Omit<EmployeeInput, "department" | "jobTitle" | "telephone" | "password"> & {
  department?: string | null;
  jobTitle?: string | null;
  telephone?: string | null;
};

/** A Collaborator created at its first sign-in with the company account (issue 39). */
export type CompanyAccountInput = {
  email: string;
  name: string;
  lastname: string;
  codeEmployee: string;
  telephone: string | null;
  branchOfficeId: number;
};

export type SignupService = ReturnType<typeof createSignupService>;

/** The mail a new account's temporary password goes out in (a sign-up, an import). */
export const temporaryPasswordMail = (email: string, temporary: string): Mail => ({
  to: email,
  subject: "Treiber: su cuenta fue creada",
  text: `Se creó su cuenta en Treiber. Usuario: ${email}. Contraseña temporal: ${temporary}. Deberá cambiarla al iniciar sesión.`,
});

/** The supplier a driver or supplier user is created for: 404 when unknown, 409 when inactive. */
async function activeSupplier(tx: Tx, supplierId: number) {
  const supplier = await findSupplierStatus(tx, supplierId);
  if (!supplier) throw notFound("Suplidor no encontrado");
  if (supplier.status !== "active") {
    throw conflict("El suplidor está inactivo", { supplierId: "El suplidor está inactivo" });
  }
}

/** Creates a user with its employee, driver or supplier-user record in one transaction. */
export function createSignupService(deps: { db: Db; mailer: Mailer }) {
  const { db, mailer } = deps;

  async function credentials(password: string | undefined) {
    const temporary = password ? undefined : temporaryPassword();
    const passwordHash = await hashPassword(password ?? (temporary as string));
    return { passwordHash, temporary };
  }

  async function mailTemporary(email: string, temporary: string | undefined) {
    if (!temporary) return;
    await mailer.send(temporaryPasswordMail(email, temporary));
  }

  /** The user and its employee record, in one transaction, with webhooks' employee.changed. */
  async function createEmployeeAccount(
    input: NewEmployeeAccount,
    passwordHash: string,
    mustChangePassword: boolean,
  ) {
    try {
      return await db.transaction(async (tx) => {
        const office = await findBranchOfficeStatus(tx, input.branchOfficeId);
        if (!office) throw notFound("Sucursal no encontrada");
        if (office.status !== "active") {
          throw conflict("La sucursal está inactiva", { branchOfficeId: "La sucursal está inactiva" });
        }
        const userId = await insertUser(tx, {
          email: input.email,
          passwordHash,
          role: input.role,
          mustChangePassword,
        });
        const id = await insertEmployee(tx, {
          userId,
          codeEmployee: input.codeEmployee,
          name: input.name,
          lastname: input.lastname,
          department: input.department ?? null,
          jobTitle: input.jobTitle ?? null,
          telephone: input.telephone ?? null,
          branchOfficeId: input.branchOfficeId,
          address: input.location?.address ?? null,
          latitude: input.location?.latitude ?? null,
          longitude: input.location?.longitude ?? null,
        });
        // Webhooks' employee.changed commits with the new collaborator (decision 0085).
        await enqueueWebhookEvent(tx, "employee.changed", {
          employeeId: id,
          userId,
          change: "created",
          role: input.role,
          branchOfficeId: input.branchOfficeId,
        });
        return { userId, id };
      });
    } catch (error) {
      throw duplicateError(error, DUPLICATES) ?? error;
    }
  }

  return {
    async employee(caller: AuthUser, input: EmployeeInput) {
      if (input.role === "SuperAdmin" && caller.role !== "SuperAdmin") {
        throw forbidden("Solo un SuperAdmin puede crear otro SuperAdmin");
      }
      const { passwordHash, temporary } = await credentials(input.password);
      const ids = await createEmployeeAccount(input, passwordHash, temporary !== undefined);
      await mailTemporary(input.email, temporary);
      return { ...ids, ...(temporary && { temporaryPassword: temporary }) };
    },

    /**
     * A Collaborator the company's identity provider vouched for (issue 39, `OIDC_AUTO_CREATE`):
     * no password of its own (a random one nobody knows) and no mail; signs in with the company
     * account.
     */
    async companyAccount(input: CompanyAccountInput) {
      const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
      return createEmployeeAccount({ ...input, role: "Collaborator" }, passwordHash, false);
    },

    async driver(input: DriverSignupRequest) {
      const { passwordHash, temporary } = await credentials(input.password);
      try {
        const ids = await db.transaction(async (tx) => {
          await activeSupplier(tx, input.supplierId);
          const userId = await insertUser(tx, {
            email: input.email,
            passwordHash,
            role: "Driver",
            mustChangePassword: temporary !== undefined,
          });
          const id = await insertDriver(tx, {
            userId,
            supplierId: input.supplierId,
            name: input.name,
            lastname: input.lastname,
            identityCard: input.identityCard,
            telephone: input.telephone,
            licenseNumber: input.licenseNumber,
            vehiclePlate: input.vehiclePlate,
            vehicleModel: input.vehicleModel,
            vehicleCapacity: input.vehicleCapacity,
          });
          return { userId, id };
        });
        await mailTemporary(input.email, temporary);
        return { ...ids, ...(temporary && { temporaryPassword: temporary }) };
      } catch (error) {
        throw duplicateError(error, DUPLICATES) ?? error;
      }
    },

    /** A user of a supplier (issue 37): signs in to the supplier portal, sees only its supplier's rows. */
    async supplier(input: SupplierSignupRequest) {
      const { passwordHash, temporary } = await credentials(input.password);
      try {
        const ids = await db.transaction(async (tx) => {
          await activeSupplier(tx, input.supplierId);
          const userId = await insertUser(tx, {
            email: input.email,
            passwordHash,
            role: SUPPLIER_ROLE,
            mustChangePassword: temporary !== undefined,
          });
          const { supplierId, name, lastname } = input;
          const id = await insertSupplierUser(tx, { userId, supplierId, name, lastname });
          return { userId, id };
        });
        await mailTemporary(input.email, temporary);
        return { ...ids, ...(temporary && { temporaryPassword: temporary }) };
      } catch (error) {
        throw duplicateError(error, DUPLICATES) ?? error;
      }
    },
  };
}
