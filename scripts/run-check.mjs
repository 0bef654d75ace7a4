// CI: runs one check (`node scripts/run-check.mjs lint npm run lint`) and writes its outcome to
// `.test-results/check-<name>.json`, which summarize-results.mjs counts as one passed or failed item.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

const [name, command, ...args] = process.argv.slice(2);
if (!name || !command) {
  console.error("Uso: node scripts/run-check.mjs <nombre> <comando> [argumentos…]");
  process.exit(2);
}
const root = new URL("..", import.meta.url).pathname;
const status = spawnSync(command, args, { cwd: root, stdio: "inherit" }).status;
mkdirSync(`${root}.test-results`, { recursive: true });
writeFileSync(`${root}.test-results/check-${name}.json`, JSON.stringify({ check: name, ok: status === 0 }));
process.exit(status ?? 1);
