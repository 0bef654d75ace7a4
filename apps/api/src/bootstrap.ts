import { chmodSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";

/** Opens the configured database (PostgreSQL server or embedded PGlite in DATA_DIR) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) protectDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, parallelWorkers: config.databaseParallelWorkers }
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
