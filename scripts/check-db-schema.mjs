// `npm run db:check`: proves apps/api/src/db/schema.ts, the migrations in apps/api/drizzle and the
// latest Drizzle snapshot agree. Runs `drizzle-kit check` and `drizzle-kit generate` on a copy of the
// migrations folder (nothing in the repository changes) and fails if generate writes a new migration.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const api = new URL("../apps/api/", import.meta.url).pathname;
const temp = mkdtempSync(join(tmpdir(), "treiber-db-check-"));
const out = join(temp, "drizzle");
cpSync(join(api, "drizzle"), out, { recursive: true });
/** drizzle-kit takes `--out` relative to its working directory. */
const outArg = relative(api, out);

/** @param {string[]} args */
function drizzleKit(args) {
  const result = spawnSync("npx", ["drizzle-kit", ...args, "--dialect", "postgresql", "--out", outArg], {
    cwd: api,
    encoding: "utf8",
  });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

const files = () => [...readdirSync(out), ...readdirSync(join(out, "meta"))].sort().join("\n");
const before = files();
const check = drizzleKit(["check"]);
const generate = drizzleKit(["generate", "--schema", "./src/db/schema.ts"]);
const unchanged = files() === before;
rmSync(temp, { recursive: true, force: true });

if (check.ok && generate.ok && unchanged) {
  console.log("schema.ts, las migraciones y el último snapshot de Drizzle coinciden.");
} else {
  console.error(check.output, generate.output);
  console.error(
    unchanged
      ? "drizzle-kit falló."
      : "schema.ts no coincide con el último snapshot: drizzle-kit generate crearía una migración.",
  );
  process.exit(1);
}
