import type { Db } from "../../db/client.js";
import type { AccountRights } from "../accounts/account-rights.js";
import { supplierUserIds } from "./supplier-user-repository.js";

/**
 * After a supplier's status changed: its users' rights are read again at once, on every instance
 * (a Supplier user is inactive while its supplier is, decision 0077), so deactivating a supplier
 * closes its portal sessions without waiting for the rights cache.
 */
export function supplierStatusRights(db: Db, rights: AccountRights) {
  return async (supplierId: number) => {
    for (const userId of await supplierUserIds(db, supplierId)) await rights.changed(userId);
  };
}
