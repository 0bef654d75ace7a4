import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { users } from "../db/schema.js";
import { hashPassword } from "../modules/auth/passwords.js";
import { DEMO_PASSWORD } from "./demo-accounts.js";
import { insertDemoData } from "./insert-demo-data.js";
import { planDemoShifts } from "./plan-demo-shifts.js";

/**
 * Demo data for Treiber: a realistic Dominican company moving its collaborators with three
 * transport suppliers. Deterministic (seeded PRNG, dates relative to `now`), inserted in one
 * transaction with batch inserts, and only into a database without users.
 */
export async function seedDemoData(
  db: Db,
  options: {
    now?: Date;
    log?: (msg: string) => void;
    /** Plan Piantini's shifts with the planner once the data is in (default true); false keeps the hand-drawn routes. */
    plan?: boolean;
  } = {},
): Promise<{ seeded: boolean }> {
  const log = options.log ?? (() => {});
  if (await hasUsers(db)) {
    log("La base de datos ya tiene usuarios: no se cargan datos de demostración.");
    return { seeded: false };
  }
  const now = new Date(Math.floor((options.now ?? new Date()).getTime() / 1000) * 1000);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const seeded = await db.transaction(async (tx) => {
    // Two processes starting at once: the second waits here, then finds the users.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('treiber:seed-demo'))`);
    if (await hasUsers(tx)) return false;
    const counts = await insertDemoData(tx, now, passwordHash);
    log(
      `Datos de demostración cargados: ${Object.entries(counts)
        .map(([table, count]) => `${table}=${count}`)
        .join(", ")}`,
    );
    return true;
  });
  if (!seeded) {
    log("La base de datos ya tiene usuarios: no se cargan datos de demostración.");
    return { seeded };
  }
  if (options.plan !== false) {
    const planned = await planDemoShifts(db);
    log(
      `Turnos de demostración planificados: ${planned.routes} rutas en ${planned.cases} turno(s) y destino(s).`,
    );
  }
  return { seeded };
}

async function hasUsers(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}
