import { isAdministrator } from "@treiber/client";
import { isSupplierUser } from "../../../shared/session/portal-role";
import { useSession } from "../../../shared/session/use-session";

/** Who looks at a cut's disputes: a supplier's user disputes its lines, an admin settles them. */
export type DisputeViewer = "supplier" | "admin" | null;

export function useDisputeViewer(): DisputeViewer {
  const session = useSession();
  if (isSupplierUser(session)) return "supplier";
  return session && isAdministrator(session.roles) ? "admin" : null;
}
