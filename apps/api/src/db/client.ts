import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { apiRoot } from "../api-root.js";
import * as schema from "./schema.js";

const migrationsFolder = join(apiRoot, "drizzle");

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "embedded" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The embedded PGlite (a data folder, or memory when `dataDir` is undefined) or a PostgreSQL
 * server. Both expose the same drizzle API, so repositories never know which one they use.
 */
export type QueryLogger = { logQuery(query: string, params: unknown[]): void };

/**
 * PostgreSQL keeps up to `max_wal_size` (1 GB) of write-ahead log for reuse: in a PGlite data folder
 * that was two thirds of a mid-size year's 710 MB. PGlite runs one backend, so its checkpoints
 * come from the amount of WAL written: with these limits it checkpoints every ~30 MB and keeps at
 * most 64 MB of WAL files (decision 0032).
 */
export const EMBEDDED_WAL_LIMITS = ["-c", "max_wal_size=64MB", "-c", "min_wal_size=32MB"];

export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  /** Sees every statement drizzle runs (the benchmarks use it to time the same SQL alone). */
  logger?: QueryLogger;
  /**
   * PostgreSQL's `max_parallel_workers_per_gather` for these sessions; 0 (default) runs every query
   * serially: the month reports took 2–3× longer with parallel workers on 2 cores (docs/decisions/0004-base-embebida-o-postgresql.md).
   */
  parallelWorkers?: number;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      options: `-c max_parallel_workers_per_gather=${Math.trunc(options.parallelWorkers ?? 0)}`,
    });
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema, ...(options.logger && { logger: options.logger }) });
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(options.dataDir ?? "memory://", {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_WAL_LIMITS],
  });
  const db = drizzlePglite(client, {
    schema,
    ...(options.logger && { logger: options.logger }),
  }) as unknown as Db;
  return {
    db,
    kind: "embedded",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
