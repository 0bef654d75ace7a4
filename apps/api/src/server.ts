import { buildApp } from "./app.js";
import { openConfiguredDatabase, openConfiguredRedis } from "./bootstrap.js";
import { ConfigError, loadConfig } from "./config.js";
import { redactQueryText } from "./lib/redact-error.js";
import { hasSuperAdmin } from "./modules/accounts/account-repository.js";
import { createSuperAdmin } from "./modules/auth/create-super-admin.js";
import { DEMO_ACCOUNTS } from "./seed/demo-accounts.js";
import { seedDemoData } from "./seed/seed-demo-data.js";

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const { db } = database;

  const demo = config.demoData ? await seedDemoData(db) : { seeded: false };
  if (config.superAdmin && !(await hasSuperAdmin(db))) {
    await createSuperAdmin(db, config.superAdmin);
  }

  // With REDIS_URL every hub event goes through Redis so all instances deliver it, and the sign-in
  // and password throttles count there, shared by all instances (under REDIS_PREFIX).
  const redis = await openConfiguredRedis(config, (error) =>
    console.error("Redis:", error instanceof Error ? error.message : error),
  );
  const realtime = redis?.realtime;
  const attempts = redis?.attempts;
  const app = await buildApp({ config, database, realtime, attempts, scheduleJobs: true });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "cerrando Treiber");
    await app.close();
    await realtime?.close();
    await attempts?.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const lines = [`Treiber listo en http://localhost:${config.port}`];
  lines.push(
    `Base de datos: ${database.kind === "embedded" ? `embebida (${config.dataDir})` : "PostgreSQL"}`,
  );
  if (realtime) lines.push("Tiempo real: Redis (varias instancias)");
  if (config.demoData) {
    lines.push(
      demo.seeded ? "Datos de demostración cargados." : "Datos de demostración: la base ya tenía usuarios.",
    );
    lines.push("Cuentas de demostración:");
    for (const account of DEMO_ACCOUNTS)
      lines.push(`  ${account.role.padEnd(12)} ${account.email}  /  ${account.password}`);
  }
  console.log(lines.join("\n"));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(
      "No se pudo iniciar Treiber / Treiber could not start:",
      error instanceof Error ? redactQueryText(error.message) : error,
    );
  }
  process.exit(1);
});
