import { SUPPLIER_ROLE } from "@treiber/contract";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { supplierUsers } from "../../db/schema.js";
import { forbidden } from "../../lib/http-error.js";
import { currentUser } from "../../plugins/access.js";

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

export function createSupplierScope(db: Db): SupplierScope {
  const lookup = async (userId: number) => {
    const [row] = await db
      .select({ supplierId: supplierUsers.supplierId })
      .from(supplierUsers)
      .where(eq(supplierUsers.userId, userId))
      .limit(1);
    // A Supplier account without its supplier sees nothing rather than everything.
    if (!row) throw forbidden();
    return row.supplierId;
  };
  const of = async (request: FastifyRequest) => {
    const user = currentUser(request);
    return user.role === SUPPLIER_ROLE ? lookup(user.id) : null;
  };
  return {
    of,
    async supplierOf(request) {
      const user = currentUser(request);
      if (user.role !== SUPPLIER_ROLE) throw forbidden();
      return lookup(user.id);
    },
  };
}
