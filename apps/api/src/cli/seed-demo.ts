import { join } from "node:path";
import { openConfiguredDatabase } from "../bootstrap.js";
import { ConfigError, loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { DEMO_ACCOUNTS } from "../seed/demo-accounts.js";
import { seedDemoData } from "../seed/seed-demo-data.js";

/** `npm run seed:demo`: loads the demo data into the configured database, only if it has no users. */
async function main() {
  const config = loadConfig();
  let database: Database | undefined;
  try {
    database = await openConfiguredDatabase(config);
    const started = Date.now();
    const { seeded } = await seedDemoData(database.db);
    const where = config.databaseUrl
      ? "la base PostgreSQL de DATABASE_URL"
      : `la base embebida ${join(config.dataDir, "pglite")}`;
    if (seeded) {
      console.log(`Datos de demostración cargados en ${where} (${Date.now() - started} ms).`);
      console.log("Cuentas de demostración:");
      for (const account of DEMO_ACCOUNTS) {
        console.log(`  ${account.role.padEnd(12)} ${account.email}  /  ${account.password}`);
      }
    } else {
      console.log(`No se cargaron datos de demostración: ${where} ya tenía usuarios.`);
    }
  } finally {
    await database?.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    // drizzle wraps driver errors ("Failed query: …"); the cause says what actually went wrong.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    console.error(`No se pudieron cargar los datos de demostración: ${message}${cause}`);
  }
  process.exit(1);
});
