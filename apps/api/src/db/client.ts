import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.js";

const migrationsFolder = new URL("../../drizzle", import.meta.url).pathname;

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
  const client = await PGlite.create(options.dataDir ?? "memory://", { extensions: { pg_trgm } });
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
