import type { Db } from "../../db/client.js";
import { listDays } from "./day-repository.js";

export type DayService = ReturnType<typeof createDayService>;

/** The days of the week (read-only catalog). */
export function createDayService(db: Db) {
  return { list: () => listDays(db) };
}
