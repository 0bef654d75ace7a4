// Which API test files run a second time on PostgreSQL (decision 0054): a file does when it opens a
// database, itself or through the test helpers it imports (every helper in apps/api/test/helpers and
// the hub and incident kits reach the shared test database). A file that never opens one — a parser,
// a serializer, a start-up check — gives the same result on any database, so it runs once, on PGlite.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const api = join(root, "apps/api");
/** What opens a database in a test: the helpers' entry points and the client itself. */
const OPENS_DATABASE = /\b(testDatabase|buildTestApp|openDatabase|openIsolatedDatabase|useOwnTestDatabase)\b/;

/** @param {string} dir @returns {string[]} */
function testFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === "node_modules" ? [] : testFiles(path);
    return entry.endsWith(".test.ts") ? [path] : [];
  });
}

/** Relative imports of a file that resolve to files under apps/api/test (the helpers and kits). */
function testImports(/** @type {string} */ file) {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/from\s+["'](\.{1,2}\/[^"']+)["']/g)]
    .map((match) => resolve(dirname(file), (match[1] ?? "").replace(/\.js$/, ".ts")))
    .filter((path) => path.startsWith(join(api, "test")) && existsSync(path));
}

/** @type {Map<string, boolean>} */
const opens = new Map();
/** True when the file, or a test helper it imports (transitively), opens a database. */
function opensDatabase(/** @type {string} */ file) {
  const known = opens.get(file);
  if (known !== undefined) return known;
  opens.set(file, false); // an import cycle answers from what the rest finds
  const result = OPENS_DATABASE.test(readFileSync(file, "utf8")) || testImports(file).some(opensDatabase);
  opens.set(file, result);
  return result;
}

/** The API test files (relative to the repository) that open a database. */
export function apiFilesOnDatabase() {
  return [...testFiles(join(api, "src")), ...testFiles(join(api, "test"))]
    .filter(opensDatabase)
    .map((file) => relative(root, file))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const all = [...testFiles(join(api, "src")), ...testFiles(join(api, "test"))].map((f) => relative(root, f));
  const on = new Set(apiFilesOnDatabase());
  console.log(`En PostgreSQL: ${on.size} de ${all.length} archivos de la API. Solo en PGlite:`);
  for (const file of all.filter((f) => !on.has(f)).sort()) console.log(`  ${file}`);
}
