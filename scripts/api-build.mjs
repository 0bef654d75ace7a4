// The API built to plain JavaScript (decision 0039): `node scripts/api-build.mjs` bundles the server
// and its command-line tools with esbuild into apps/api/dist (`--if-stale`: only when the build is
// missing or older than its sources). Our code (apps/api/src and the workspace packages it imports,
// @treiber/contract, @treiber/planner and @treiber/incidents) is bundled; every npm package stays an import that Node
// resolves at run time, so `npm audit --omit=dev` sees each one. A bundled file that imports a
// package its workspace does not list in `dependencies` fails the build. This module loads esbuild
// only when it builds, and only when run as a script: `ensureApiBuild()` (for scripts/start.mjs)
// builds in a child process, so the server's process never loads a build tool.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { isBuiltin } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const apiDir = join(root, "apps/api");
export const apiDistDir = join(apiDir, "dist");

/** Each built entry, flat in dist/ so that src/api-root.ts finds apps/api one level up from all. */
const entryPoints = {
  server: "apps/api/src/server.ts",
  "seed-demo": "apps/api/src/cli/seed-demo.ts",
  "create-admin": "apps/api/src/cli/create-admin.ts",
  "copy-to-postgres": "apps/api/src/cli/copy-to-postgres.ts",
  // The planner's thread (Planning/propose): started by the bundled code from next to itself.
  "solve-worker": "apps/api/src/modules/planning/solve-worker.ts",
  // The sheet reader's thread (imports, issue 32): started the same way.
  "read-sheet-worker": "apps/api/src/lib/import/read-sheet-worker.ts",
};
const outputs = Object.keys(entryPoints).map((name) => join(apiDistDir, `${name}.js`));
const sources = [
  join(apiDir, "src"),
  join(apiDir, "package.json"),
  // The workspace packages the build may bundle (the dependency check says which it may import).
  ...["contract", "client", "planner", "incidents"].flatMap((name) => [
    join(root, "packages", name, "src"),
    join(root, "packages", name, "package.json"),
  ]),
  fileURLToPath(import.meta.url),
];

/** @param {string} path @returns {number} */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when an entry of the API's build is missing or older than any of its sources. */
export function apiBuildIsStale() {
  if (!outputs.every((output) => existsSync(output))) return true;
  const built = Math.min(...outputs.map((output) => statSync(output).mtimeMs));
  return sources.some((source) => newestMtime(source) > built);
}

/** True when esbuild is installed (it is a devDependency: a production install has only the build). */
function canBuild() {
  try {
    import.meta.resolve("esbuild");
    return true;
  } catch {
    return false;
  }
}

/**
 * True when the API must be built: its build is missing or stale and esbuild is installed. Without
 * esbuild (a production install, `npm install --omit=dev`) an existing build is used as it is.
 */
function buildNeeded() {
  if (!apiBuildIsStale()) return false;
  if (canBuild()) return true;
  if (outputs.every((output) => existsSync(output))) {
    console.warn("La API compilada es más antigua que su código; sin esbuild se usa tal como está.");
    return false;
  }
  console.error("Falta compilar la API: ejecute `npm install` y `npm run build`.");
  process.exit(1);
}

/** Builds the API, in a child process, when its build is missing or stale. */
export function ensureApiBuild() {
  if (!buildNeeded()) return;
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** @param {string} path */
const workspaceOf = (path) => /^(apps|packages)\/[^/]+/.exec(path)?.[0];

/** @param {string} specifier "@scope/name/sub" → "@scope/name", "name/sub" → "name" */
const packageName = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * Every bare import of a bundled file (an npm package left external, or a workspace package bundled
 * in) that its workspace's package.json does not list in `dependencies`.
 * @param {import("esbuild").Metafile} metafile
 */
function undeclaredImports(metafile) {
  /** @type {Map<string, Set<string>>} */
  const dependencies = new Map();
  const declared = (/** @type {string} */ workspace) => {
    let names = dependencies.get(workspace);
    if (!names) {
      const manifest = JSON.parse(readFileSync(join(root, workspace, "package.json"), "utf8"));
      names = new Set(Object.keys(manifest.dependencies ?? {}));
      dependencies.set(workspace, names);
    }
    return names;
  };
  const problems = new Set();
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    const workspace = workspaceOf(input);
    if (!workspace) {
      problems.add(`${input}: fuera de apps/ y packages/`);
      continue;
    }
    for (const { path, original } of imports) {
      const specifier = original ?? path;
      if (specifier.startsWith(".") || specifier.startsWith("/") || isBuiltin(specifier)) continue;
      const name = packageName(specifier);
      if (!declared(workspace).has(name))
        problems.add(`${input} importa ${name}, que no está en dependencies de ${workspace}/package.json`);
    }
  }
  return [...problems];
}

/** Bundles the entries, checks their imports, and writes each file atomically (write, then rename). */
async function build() {
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir: apiDistDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    metafile: true,
    write: false,
    logLevel: "warning",
    plugins: [
      {
        name: "npm-packages-external",
        setup(build) {
          // Workspace packages (@treiber/*) are TypeScript source: bundled. npm packages: external.
          build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
            path.startsWith("@treiber/") ? undefined : { path, external: true },
          );
        },
      },
    ],
  });
  const problems = undeclaredImports(result.metafile);
  if (problems.length > 0) {
    console.error(`La API importa paquetes que no declara:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  mkdirSync(apiDistDir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (!process.argv.includes("--if-stale") || buildNeeded()) {
    console.log("Compilando la API…");
    await build();
  }
}
