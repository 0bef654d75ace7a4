import type { DriverListItem, DriverListQuery, DriverUpdateRequest } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { listFilters } from "../../lib/caller-time.js";
import { type DuplicateMessages, duplicateError } from "../../lib/db-errors.js";
import { conflict, notFound } from "../../lib/http-error.js";
import type { AccountRights } from "../accounts/account-rights.js";
import { setUserStatus } from "../accounts/user-status.js";
import { newCodeQr } from "../employees/employee-repository.js";
import { profileImageUrl } from "../profile-images/profile-image-url.js";
import {
  type DriverUpdateOutcome,
  findDriverProfile,
  findDriverUserId,
  listActiveDriverNames,
  listDrivers,
  listDriversWithSupplier,
  updateDriver,
  updateDriverCodeQr,
} from "./driver-repository.js";

const DRIVER_NOT_FOUND = "Chofer no encontrado";

/** The driver's unique columns → the field and Spanish message a 409 reports. */
export const DRIVER_DUPLICATES: DuplicateMessages = {
  drivers_identity_card_key: ["identityCard", "Ya existe un chofer con esta cédula"],
};

export type DriverService = ReturnType<typeof createDriverService>;

export function createDriverService(db: Db, rights: AccountRights) {
  return {
    async list(query: DriverListQuery, gmtOffset: number) {
      const criterion = query.criterion?.replaceAll("-", "").trim();
      const { total, rows } = await listDrivers(db, listFilters(query, gmtOffset, criterion));
      return {
        amount: total,
        list: rows.map(
          ({ createdAt, ...row }): DriverListItem => ({
            ...row,
            status: row.status as DriverListItem["status"],
            createdDate: createdAt.toISOString(),
          }),
        ),
      };
    },

    /** A driver's status is its user's. */
    async setStatus(caller: AuthUser, id: number, status: "active" | "inactive") {
      const userId = await findDriverUserId(db, id);
      if (userId === undefined) throw notFound(DRIVER_NOT_FOUND);
      await setUserStatus(db, rights, caller, userId, status);
    },

    async update(request: DriverUpdateRequest) {
      let outcome: DriverUpdateOutcome;
      try {
        outcome = await updateDriver(db, request);
      } catch (error) {
        throw duplicateError(error, DRIVER_DUPLICATES) ?? error;
      }
      if (outcome === "driver-not-found") throw notFound(DRIVER_NOT_FOUND);
      if (outcome === "supplier-not-found") throw notFound("Suplidor no encontrado");
      if (outcome === "supplier-inactive") {
        throw conflict("El suplidor está inactivo", { supplierId: "El suplidor está inactivo" });
      }
    },

    listNames: () => listActiveDriverNames(db),

    /** Every driver with its supplier, after a first option "Todas". */
    async listWithSupplier() {
      const rows = await listDriversWithSupplier(db);
      return [{ id: 0, name: "Todas", lastname: "", supplierId: null, supplierName: null }, ...rows];
    },

    async regenerateCodeQr(driverId: number) {
      const codeQr = newCodeQr();
      if (!(await updateDriverCodeQr(db, driverId, codeQr))) throw notFound(DRIVER_NOT_FOUND);
      return { codeQr };
    },

    async profile(userId: number) {
      const row = await findDriverProfile(db, userId);
      if (!row) throw notFound("Perfil de chofer no encontrado");
      const { etag, ...profile } = row;
      return { ...profile, image: profileImageUrl(userId, etag) };
    },
  };
}
