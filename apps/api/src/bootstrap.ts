import { chmodSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";
import { redactQueryText } from "./lib/redact-error.js";
import type { AttemptStore } from "./modules/auth/attempt-store.js";
import { createRedisAttemptStore } from "./modules/auth/redis-attempt-store.js";
import type { RealtimeBus } from "./realtime/realtime-bus.js";
import { createRedisBus } from "./realtime/redis-bus.js";

/**
 * How long a request waits for a PostgreSQL connection (a new one, or a free one of the pool's 10)
 * before its 503: a server that does not answer, or a pool held by slow statements, never hangs it.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 10_000;

/** Opens the configured database (PostgreSQL server or embedded PGlite in DATA_DIR) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) protectDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? {
          url: config.databaseUrl,
          parallelWorkers: config.databaseParallelWorkers,
          limits: {
            statementTimeoutMs: config.databaseStatementTimeoutMs,
            lockTimeoutMs: config.databaseLockTimeoutMs,
            connectTimeoutMs: DATABASE_CONNECT_TIMEOUT_MS,
          },
          onConnectionError: (error) =>
            console.error("PostgreSQL: conexión perdida / connection lost:", redactQueryText(error.message)),
        }
      : { dataDir: join(config.dataDir, "pglite") },
  );
  await database.migrate();
  if (!config.databaseUrl) protectDataDir(config.dataDir);
  return database;
}

/**
 * The embedded database is readable by its owner only (issue 12 item 9): DATA_DIR and its folders
 * 0700, its files 0600, those of an older install included. Called before PGlite opens the folder
 * and again after (PGlite writes its files 0666 whatever the umask); a file it creates later is
 * still out of others' reach behind the 0700 folders.
 */
export function protectDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const walk = (dir: string) => {
    chmodSync(dir, 0o700);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) chmodSync(path, 0o600);
    }
  };
  walk(dataDir);
}

/**
 * With REDIS_URL: the hub's backplane and the auth throttles' counters in Redis, every channel and
 * key under REDIS_PREFIX (`<prefix>:realtime`, `<prefix>:realtime:rights`, `<prefix>:attempts:…`).
 * Both clients reconnect by themselves; their errors are reported, never thrown.
 */
export async function openConfiguredRedis(
  config: Pick<Config, "redisUrl" | "redisPrefix">,
  onError: (error: unknown) => void,
): Promise<{ realtime: RealtimeBus; attempts: AttemptStore } | undefined> {
  if (!config.redisUrl) return undefined;
  const realtime = await createRedisBus({
    url: config.redisUrl,
    channel: `${config.redisPrefix}:realtime`,
    onError,
  });
  try {
    const attempts = await createRedisAttemptStore({
      url: config.redisUrl,
      prefix: `${config.redisPrefix}:attempts:`,
      onError,
    });
    return { realtime, attempts };
  } catch (error) {
    await realtime.close();
    throw error;
  }
}
