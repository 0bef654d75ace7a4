import { join } from "node:path";
import type { Config } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";

/** Opens the configured database (PostgreSQL server or embedded PGlite in DATA_DIR) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, parallelWorkers: config.databaseParallelWorkers }
      : { dataDir: join(config.dataDir, "pglite") },
  );
  await database.migrate();
  return database;
}
