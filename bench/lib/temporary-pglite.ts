import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "../../apps/api/src/db/client.js";

/** Runs `work` on a new, migrated embedded database in a temporary folder, removed afterwards. */
export async function onTemporaryPglite<T>(
  name: string,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `treiber-bench-${name}-`));
  try {
    const lite = await openDatabase({ dataDir: join(dir, "pglite") });
    await lite.migrate();
    try {
      return await work(lite);
    } finally {
      await lite.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
