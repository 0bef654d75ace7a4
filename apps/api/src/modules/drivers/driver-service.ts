import type { DriverListItem, DriverListQuery, DriverUpdateRequest } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { type DuplicateMessages, duplicateError } from "../../lib/db-errors.js";
import { conflict, notFound } from "../../lib/http-error.js";
import { listFilters } from "../../lib/list-filters.js";
import type { Mailer } from "../../mail/mailer.js";
import type { AccountRights } from "../accounts/account-rights.js";
import {
  announceLoginEmailChange,
  changeLoginEmail,
  type LoginEmailChange,
} from "../accounts/login-email.js";
import { USER_DUPLICATES } from "../accounts/user-duplicates.js";
import { setUserStatus } from "../accounts/user-status.js";
import { newCodeQr } from "../employees/employee-repository.js";
import { profileImageUrl } from "../profile-images/profile-image-url.js";
import type { SeatsDeps } from "../routes/routes-service.js";
import {
  findDriverProfile,
  findDriverUserId,
  listActiveDriverNames,
  listDrivers,
  listDriversWithSupplier,
  routeIdsOfDriver,
  updateDriver,
  updateDriverCodeQr,
} from "./driver-repository.js";

const DRIVER_NOT_FOUND = "Chofer no encontrado";

/** The driver's unique columns → the field and Spanish message a 409 reports. */
export const DRIVER_DUPLICATES: DuplicateMessages = {
  drivers_identity_card_key: ["identityCard", "Ya existe un chofer con esta cédula"],
};

/** What an edit (data and sign-in e-mail) may collide with. */
const UPDATE_DUPLICATES: DuplicateMessages = { ...DRIVER_DUPLICATES, ...USER_DUPLICATES };

export type DriverService = ReturnType<typeof createDriverService>;

export function createDriverService(db: Db, rights: AccountRights, mailer: Mailer, seats?: SeatsDeps) {
  return {
    /** A page of drivers: every supplier's, or only `supplierId`'s (a Supplier caller). */
    async list(query: DriverListQuery, clock: CallerClock, supplierId: number | null = null) {
      const criterion = query.criterion?.replaceAll("-", "").trim();
      const filter = { ...listFilters(query, clock, criterion), supplierId };
      const { total, rows } = await listDrivers(db, filter);
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

    /** A new e-mail changes who signs in: in the same transaction its sessions end and the old address is told. */
    async update(request: DriverUpdateRequest) {
      const { email, ...values } = request;
      let change: LoginEmailChange | undefined;
      try {
        change = await db.transaction(async (tx) => {
          const outcome = await updateDriver(tx, values);
          if (outcome === "driver-not-found") throw notFound(DRIVER_NOT_FOUND);
          if (outcome === "supplier-not-found") throw notFound("Suplidor no encontrado");
          if (outcome === "supplier-inactive") {
            throw conflict("El suplidor está inactivo", { supplierId: "El suplidor está inactivo" });
          }
          return email === undefined ? undefined : changeLoginEmail(tx, outcome.userId, email);
        });
      } catch (error) {
        throw duplicateError(error, UPDATE_DUPLICATES) ?? error;
      }
      await announceLoginEmailChange({ rights, mailer }, change);
      // A bigger vehicle may raise its routes' seats: the first waiting on each open day get them.
      if (seats) await seats.seatsGrew(await routeIdsOfDriver(db, request.id));
    },

    listNames: (supplierId: number | null = null) => listActiveDriverNames(db, supplierId),

    /** Every driver (of `supplierId` when given) with its supplier, after a first option "Todas". */
    async listWithSupplier(supplierId: number | null = null) {
      const rows = await listDriversWithSupplier(db, supplierId);
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
