import { ADMIN_ROLES, SUPPLIER_ROLE } from "@treiber/contract";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { forbidden } from "../../lib/http-error.js";
import { currentUser } from "../../plugins/access.js";
import { findSupplierIdOfUser } from "./supplier-user-repository.js";

/**
 * Whose rows a caller of the supplier portal sees (issue 37): `null` for an admin (every supplier;
 * a route may narrow by a `supplierId` filter), the supplier's id for a Supplier user. Every list
 * and report the portal opens filters on it in SQL, never in the page.
 */
export type SupplierScope = {
  /** The supplier a Supplier caller is limited to, or null for admins. */
  of(request: FastifyRequest): Promise<number | null>;
  /** A Supplier caller's supplier (403 for anyone else). */
  supplierOf(request: FastifyRequest): Promise<number>;
};

/** A Supplier user's supplier (403 when the account has none: it sees nothing rather than everything). */
async function supplierOfUser(db: Db, userId: number) {
  const supplierId = await findSupplierIdOfUser(db, userId);
  if (supplierId === undefined) throw forbidden();
  return supplierId;
}

/**
 * The supplier `user` is limited to: null for an admin, its supplier for a Supplier user, 403 for
 * any other role (a collaborator or driver never reads the portal's lists, whatever a route says).
 */
export async function supplierScopeOf(db: Db, user: AuthUser): Promise<number | null> {
  if (ADMIN_ROLES.includes(user.role)) return null;
  if (user.role === SUPPLIER_ROLE) return supplierOfUser(db, user.id);
  throw forbidden();
}

export function createSupplierScope(db: Db): SupplierScope {
  return {
    of: (request) => supplierScopeOf(db, currentUser(request)),
    async supplierOf(request) {
      const user = currentUser(request);
      if (user.role !== SUPPLIER_ROLE) throw forbidden();
      return supplierOfUser(db, user.id);
    },
  };
}
