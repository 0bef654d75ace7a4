// `node --import ./scripts/dev-dependency-guard.mjs <entry>`: the process may load only packages that
// a production install has (decision 0039). Imports go through scripts/dev-dependency-hooks.mjs;
// require() calls (CommonJS packages load their own files that way) through the same check here.
import Module, { register } from "node:module";
import { isAbsolute } from "node:path";
import { refuseDevDependency } from "./dev-dependency-hooks.mjs";

register("./dev-dependency-hooks.mjs", import.meta.url);

/** @type {{ _resolveFilename: (request: string, ...rest: unknown[]) => string }} */
const cjs = /** @type {any} */ (Module);
const resolveFilename = cjs._resolveFilename;
cjs._resolveFilename = function (request, ...rest) {
  const file = resolveFilename.call(this, request, ...rest);
  if (isAbsolute(file)) refuseDevDependency(file, request, "MODULE_NOT_FOUND");
  return file;
};
