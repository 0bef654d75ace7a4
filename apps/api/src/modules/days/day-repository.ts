import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { days } from "../../db/schema.js";

/** Days of the week in ISO order (Lunes … Domingo). */
export function listDays(db: Db) {
  return db.select({ id: days.id, name: days.name }).from(days).orderBy(asc(days.id));
}
