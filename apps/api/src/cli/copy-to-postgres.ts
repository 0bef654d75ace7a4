import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CopyRefused, copyEmbeddedToPostgres } from "../db/copy-database.js";

const USAGE =
  "Uso: npm run db:copy-to-postgres -- --to postgres://usuario:clave@servidor:5432/treiber [--from DATA_DIR/pglite] [--replace]";

/**
 * `npm run db:copy-to-postgres -- --to postgres://…`: copies the embedded database (DATA_DIR's
 * `pglite` folder, default ./data/pglite) into a PostgreSQL database (decision 0032). Stop the
 * server first: the embedded database must not be open twice.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      to: { type: "string" },
      from: { type: "string" },
      replace: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || !values.to) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const from = resolve(values.from ?? join(process.env.DATA_DIR ?? "./data", "pglite"));
  if (!existsSync(join(from, "PG_VERSION"))) {
    console.error(`No hay una base embebida en ${from}.\n${USAGE}`);
    process.exit(2);
  }
  const target = new URL(values.to);
  const shown = `${target.host}${target.pathname}`;
  console.log(`Copiando la base embebida ${from} a PostgreSQL ${shown}…`);
  const result = await copyEmbeddedToPostgres({
    from,
    to: values.to,
    replace: values.replace,
    onTable: ({ table, rows }) => console.log(`  ${table.padEnd(32)} ${String(rows).padStart(10)} filas`),
  });
  const total = result.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Listo: ${result.tables.length} tablas, ${total} filas (conteos verificados), ${result.sequences} secuencias, en ${(result.elapsedMs / 1000).toFixed(1)} s.`,
  );
  console.log(
    "Inicie el servidor con DATABASE_URL apuntando a esa base y JWT_SECRET (el de DATA_DIR/jwt-secret mantiene las sesiones abiertas).",
  );
}

main().catch((error) => {
  console.error(
    error instanceof CopyRefused ? error.message : `Error: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
