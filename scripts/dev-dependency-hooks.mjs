// Module hooks of scripts/dev-dependency-guard.mjs: a file inside a package that package-lock.json
// marks `"dev": true` (installed only for development, left out by `npm ci --omit=dev` and
// `npm audit --omit=dev`) is refused. With DEV_DEPENDENCY_GUARD_LOG, each package loaded is also
// appended to that file, one line each (the check's test reads it).
import { appendFileSync, readFileSync } from "node:fs";
import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
/** @type {Record<string, { dev?: boolean }>} */
const lockPackages = JSON.parse(readFileSync(`${root}package-lock.json`, "utf8")).packages;
const logFile = process.env.DEV_DEPENDENCY_GUARD_LOG;
const logged = new Set();

/**
 * The package folder (package-lock.json key, e.g. `node_modules/tsx`) of a file, if it is inside
 * one under the repository.
 * @param {string} file
 */
function packageKey(file) {
  const path = relative(root, file).split(sep).join("/");
  const at = path.lastIndexOf("node_modules/");
  if (at === -1 || path.startsWith("..")) return undefined;
  const [first = "", second = ""] = path.slice(at + "node_modules/".length).split("/");
  return `${path.slice(0, at)}node_modules/${first.startsWith("@") ? `${first}/${second}` : first}`;
}

/**
 * Throws when `file` belongs to a devDependency (or to a package package-lock.json does not know).
 * @param {string} file an absolute path
 * @param {string} request what the code imported
 */
export function refuseDevDependency(file, request) {
  const key = packageKey(file);
  if (!key) return;
  if (logFile && !logged.has(key)) {
    logged.add(key);
    appendFileSync(logFile, `${key}\n`);
  }
  const entry = lockPackages[key];
  if (!entry || entry.dev) {
    throw new Error(
      `[dev-dependency-guard] "${request}" carga ${key}, ${entry ? "una devDependency" : "un paquete que package-lock.json no conoce"}: lo que corre en producción debe estar en dependencies.`,
    );
  }
}

/** @type {import("node:module").ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (resolved.url.startsWith("file:")) refuseDevDependency(fileURLToPath(resolved.url), specifier);
  return resolved;
}
