import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";

/**
 * Keeps the routes' coming rows (from `since`) consistent with who is assigned now (decision 0064):
 * a rider taken off a route loses their rows of it (not their no-shows); a rider put on one loses
 * their waitlisted or cancelled seat requests there, and their confirmed ones become their own.
 */
export async function alignRows(tx: Tx, routeIds: number[], since: string) {
  if (routeIds.length === 0) return;
  const ids = sql.join(
    routeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const assigned = sql`exists (select 1 from route_employees re
    where re.route_id = b.route_id and re.employee_id = b.employee_id)`;
  const coming = sql`b.route_id in (${ids}) and b.service_date >= ${since}::date`;
  await tx.execute(sql`delete from bookings b
    where ${coming} and b.assigned and b.status <> 'NO_SHOW' and not ${assigned}`);
  await tx.execute(sql`delete from bookings b
    where ${coming} and not b.assigned and b.status in ('WAITLISTED', 'CANCELLED') and ${assigned}`);
  await tx.execute(
    sql`update bookings b set assigned = true where ${coming} and not b.assigned and ${assigned}`,
  );
}
