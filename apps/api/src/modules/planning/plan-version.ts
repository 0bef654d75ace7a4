import { createHash } from "node:crypto";
import type { Db, Tx } from "../../db/client.js";
import { versionFacts } from "./planning-repository.js";

/**
 * The version of a shift's routes to one workplace: a hash of the shift's last change, the routes
 * (id, status, last change) and their riders and drivers. Any write to them changes it.
 */
export async function planVersion(
  conn: Db | Tx,
  shift: { id: number; updatedAt: Date },
  destinationId: number,
): Promise<string> {
  const facts = await versionFacts(conn, shift.id, destinationId);
  const text = JSON.stringify([
    shift.updatedAt.toISOString(),
    facts.routes.map((route) => [route.id, route.status, route.updatedAt.toISOString()]),
    facts.riders.map((row) => [row.routeId, row.employeeId]),
    facts.drivers.map((row) => [row.routeId, row.driverId]),
  ]);
  return createHash("sha256").update(text).digest("base64url").slice(0, 32);
}
