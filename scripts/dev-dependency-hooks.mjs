// Module hooks of scripts/dev-dependency-guard.mjs: a file inside a package that package-lock.json
// marks `"dev": true` (installed only for development, left out by `npm install --omit=dev` and
// `npm audit --omit=dev`) is refused. With DEV_DEPENDENCY_GUARD_LOG, each package is also appended
// to that file, one line each: `loaded <folder>` or `refused <folder>` (the check's test reads it).
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
 * Throws, as if the package were not installed, when `file` belongs to a devDependency (or to a
 * package package-lock.json does not know): code that requires an optional package in a
 * try/catch (debug and supports-color) goes on as it does on a production install.
 * @param {string} file an absolute path
 * @param {string} request what the code imported
 * @param {string} code the error code Node gives a missing module here
 */
export function refuseDevDependency(file, request, code) {
  const key = packageKey(file);
  if (!key) return;
  const entry = lockPackages[key];
  const refused = !entry || entry.dev;
  if (logFile && !logged.has(key)) {
    logged.add(key);
    appendFileSync(logFile, `${refused ? "refused" : "loaded"} ${key}\n`);
  }
  if (refused) {
    const error = new Error(
      `[dev-dependency-guard] "${request}" carga ${key}, ${entry ? "una devDependency" : "un paquete que package-lock.json no conoce"}: lo que corre en producción debe estar en dependencies.`,
    );
    throw Object.assign(error, { code });
  }
}

/** @type {import("node:module").ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (resolved.url.startsWith("file:"))
    refuseDevDependency(fileURLToPath(resolved.url), specifier, "ERR_MODULE_NOT_FOUND");
  return resolved;
}
