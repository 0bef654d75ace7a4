import type { Tx } from "../db/client.js";
import { supplierUsers, users } from "../db/schema.js";
import { DAY } from "./demo-clock.js";
import type { DemoIds } from "./insert-demo-catalogue.js";
import { must } from "./must.js";

/** The demo supplier account (issue 37): a user of chofer@treiber.app's supplier, the first one. */
export const DEMO_SUPPLIER_USER = { email: "proveedor@treiber.app", name: "Mercedes", lastname: "Almánzar" };

/**
 * Inserts the demo Supplier user and its supplier_users row: it signs in to the supplier portal and
 * sees the first supplier's drivers, trips, incidents and cuts. Draws nothing from the PRNG.
 */
export async function insertDemoSupplierUser(
  tx: Tx,
  deps: { nowMs: number; passwordHash: string; ids: Pick<DemoIds, "supplierId"> },
) {
  const createdAt = new Date(deps.nowMs - 200 * DAY);
  const [user] = await tx
    .insert(users)
    .values({
      email: DEMO_SUPPLIER_USER.email,
      passwordHash: deps.passwordHash,
      role: "Supplier",
      status: "active",
      mustChangePassword: false,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: users.id });
  const userId = must(user?.id, "demo supplier user");
  await tx.insert(supplierUsers).values({
    userId,
    supplierId: deps.ids.supplierId(0),
    name: DEMO_SUPPLIER_USER.name,
    lastname: DEMO_SUPPLIER_USER.lastname,
    createdAt,
    updatedAt: createdAt,
  });
  return 1;
}
