import type { Session } from "@treiber/client";
import { isAdministrator } from "@treiber/client";
import type { Role } from "@treiber/contract";
import { useSession } from "./use-session";

// The role by name, not SUPPLIER_ROLE from the contract: the guards load before sign-in, and the
// contract's index would bring zod into the login page (npm run bench:web-size).
const SUPPLIER: Role = "Supplier";

/**
 * A supplier's user (issue 37, decision 0079): Supplier without an administrator role. Their pages
 * hide what only an administrator does; the server refuses it anyway and filters every list.
 */
export function isSupplierUser(session: Session | null): boolean {
  if (!session) return false;
  return session.roles.includes(SUPPLIER) && !isAdministrator(session.roles);
}

/** Whether the signed-in user is a supplier's user (read-only pages, their own rows only). */
export function useIsSupplierUser(): boolean {
  return isSupplierUser(useSession());
}
