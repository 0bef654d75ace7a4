// The column and index shapes every area of the schema repeats.
import { sql } from "drizzle-orm";
import { check, customType, index, numeric, type PgColumn, text, timestamp } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => timestamptz("created_at").defaultNow().notNull();
export const updatedAt = () => timestamptz("updated_at").defaultNow().notNull();
/** `active` | `inactive` (shown as Activo / Inactivo). */
export const status = () => text("status").notNull().default("active");
/** Money in USD. Drizzle returns numeric as string; repositories convert. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const statusCheck = (table: string, column: { name: string } = { name: "status" }) =>
  check(`${table}_status_check`, sql.raw(`"${column.name}" in ('active', 'inactive')`));

/** Trigram index (pg_trgm) over the accent- and case-folded `column` (migration 0006). */
export const foldedSearchIndex = (name: string, column: PgColumn) =>
  index(name).using("gin", sql`(search_fold(${column})) gin_trgm_ops`);
/** The two-column btree the lists page by: ORDER BY created_at DESC, id DESC (migration 0003). */
export const createdAtIdIndex = (table: string, t: { createdAt: PgColumn; id: PgColumn }) =>
  index(`${table}_created_at_id_idx`).on(t.createdAt, t.id);
