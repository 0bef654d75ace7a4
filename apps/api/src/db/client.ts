import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { apiRoot } from "../api-root.js";
import { markConnectFailure } from "../lib/db-errors.js";
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

/** What the app's PostgreSQL sessions are allowed (decision 0037); unset: no limit (benchmarks, tools). */
export type SessionLimits = {
  /** `statement_timeout` of every session, ms (0: none). */
  statementTimeoutMs?: number;
  /** `lock_timeout` of every session, ms (0: none). */
  lockTimeoutMs?: number;
  /** How long a request waits for a pooled connection (a new one, or a free one), ms. */
  connectTimeoutMs?: number;
};

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
  /** Timeouts of the PostgreSQL sessions (PGlite runs one statement at a time and has none). */
  limits?: SessionLimits;
  /**
   * A pooled connection failed (terminated by the server, network gone): the pool drops it and
   * opens another on demand; requests that were using it fail with a 503 (decision 0037).
   */
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  if (options.url) {
    const url = options.url;
    const limits = options.limits ?? {};
    const settings = [`-c max_parallel_workers_per_gather=${Math.trunc(options.parallelWorkers ?? 0)}`];
    if (limits.statementTimeoutMs !== undefined)
      settings.push(`-c statement_timeout=${Math.trunc(limits.statementTimeoutMs)}`);
    if (limits.lockTimeoutMs !== undefined)
      settings.push(`-c lock_timeout=${Math.trunc(limits.lockTimeoutMs)}`);
    const pool = resilientPool(
      {
        connectionString: url,
        max: 10,
        options: settings.join(" "),
        keepAlive: true,
        ...(limits.connectTimeoutMs !== undefined && { connectionTimeoutMillis: limits.connectTimeoutMs }),
      },
      options.onConnectionError,
    );
    const db = drizzlePg(pool, { schema, ...(options.logger && { logger: options.logger }) });
    return {
      db,
      kind: "postgres",
      // Migrations (an index on a year of positions…) run on a connection of their own, unlimited.
      migrate: async () => {
        const migrator = resilientPool({ connectionString: url, max: 1 }, options.onConnectionError);
        try {
          await migratePg(drizzlePg(migrator), { migrationsFolder });
        } finally {
          await migrator.end();
        }
      },
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

/**
 * A pg pool that survives its connections being terminated (a failover, a DBA's
 * `pg_terminate_backend`): an idle connection's error reaches the pool's listener, a checked-out
 * one's its own (without one, node emits an unhandled 'error' and the process dies: issue 21); the
 * failed connection is dropped when released and the next request opens a new one. A failure to
 * connect is marked so that the error handler answers 503.
 */
function resilientPool(config: pg.PoolConfig, onError: ((error: Error) => void) | undefined) {
  const pool = new pg.Pool(config);
  const report = (error: Error) => onError?.(error);
  pool.on("error", report);
  pool.on("connect", (client) => client.on("error", report));
  type Callback = (
    error: Error | undefined,
    client: pg.PoolClient | undefined,
    done: (release?: unknown) => void,
  ) => void;
  const connect = pool.connect.bind(pool) as (callback?: Callback) => Promise<pg.PoolClient> | undefined;
  // pool.query connects through this too.
  pool.connect = ((callback?: Callback) =>
    callback
      ? connect((error, client, done) => callback(error && markConnectFailure(error), client, done))
      : (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
          throw markConnectFailure(error);
        })) as typeof pool.connect;
  return pool;
}
