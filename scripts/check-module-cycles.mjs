// Part of `npm run lint:imports`: the API's modules (the folders under apps/api/src/modules) depend
// on each other one way only. dependency-cruiser's `circular` rule sees cycles between files; this
// check collapses its graph to one node per module folder and fails on any cycle between folders
// (e.g. users → employees → users even when no single file imports itself back). Type-only imports
// count too: a cycle of types still ties two modules together.
import { spawnSync } from "node:child_process";

const MODULES = "apps/api/src/modules";
const MODULE_OF = /^apps\/api\/src\/modules\/([^/]+)\//;

const cruise = spawnSync(
  "npx",
  ["depcruise", MODULES, "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
  { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
);
/** @type {{ modules: { source: string, dependencies: { resolved: string }[] }[] }} */
let graph;
try {
  graph = JSON.parse(cruise.stdout);
} catch {
  console.error(cruise.stderr || "depcruise did not answer JSON");
  process.exit(2);
}

/** @type {Map<string, Map<string, string>>} module folder → each module folder it imports → one such file import */
const edges = new Map();
for (const file of graph.modules) {
  const from = MODULE_OF.exec(file.source)?.[1];
  if (!from) continue;
  for (const dependency of file.dependencies) {
    const to = MODULE_OF.exec(dependency.resolved)?.[1];
    if (!to || to === from) continue;
    const targets = edges.get(from) ?? new Map();
    if (!targets.has(to)) targets.set(to, `${file.source} → ${dependency.resolved}`);
    edges.set(from, targets);
  }
}
/** @param {string} module */
const importsOf = (module) => [...(edges.get(module)?.keys() ?? [])].sort();

/**
 * The shortest import path from one module to another (breadth-first), or undefined.
 * @param {string} from
 * @param {string} to
 * @returns {string[] | undefined}
 */
function pathBetween(from, to) {
  /** @type {Map<string, string>} */
  const previous = new Map();
  const queue = [from];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    for (const next of importsOf(node)) {
      if (next === to) {
        const path = [node, to];
        for (let at = node; at !== from; ) {
          at = /** @type {string} */ (previous.get(at));
          path.unshift(at);
        }
        return path;
      }
      if (next !== from && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** @type {string[][]} the shortest cycle through each module that imports itself back, once per cycle found */
const cycles = [];
const seen = new Set();
for (const module of [...edges.keys()].sort()) {
  if (seen.has(module)) continue;
  const cycle = pathBetween(module, module);
  if (!cycle) continue;
  cycles.push(cycle);
  for (const member of cycle) seen.add(member);
}

if (cycles.length === 0) {
  console.log(`✔ no cycle between the ${edges.size} API modules that import another module`);
  process.exit(0);
}
for (const cycle of cycles) {
  console.error(`✘ module cycle: ${cycle.join(" → ")}`);
  for (let i = 0; i < cycle.length - 1; i++) {
    console.error(`    ${edges.get(cycle[i] ?? "")?.get(cycle[i + 1] ?? "")}`);
  }
}
console.error(`\n${cycles.length} module cycle(s) in ${MODULES}: make the dependency go one way.`);
process.exit(1);
