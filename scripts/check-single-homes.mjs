// Part of `npm run lint` (`lint:homes`, issue 34, decision 0065): ideas that have one home stay
// single. dependency-cruiser sees imports, not a second definition, so this check reads the source
// of apps/*/src and packages/*/src, and the scripts of scripts/ and bench/ (tests aside: their
// fixtures may write their own figures) and fails when one of these patterns appears outside its home:
// - the Earth's radius, a metres-per-degree figure and the haversine: @treiber/contract/geo (SQL:
//   apps/api/src/lib/great-circle-sql.ts, which takes the radius from it; scripts/osrm-stand-in.mjs,
//   plain JavaScript for node, keeps a copy that must equal the contract's to its decimals);
// - the seeded random generator (mulberry32's constant): @treiber/contract/seeded-random;
// - "a route's stops with their riders": stopsOfRoutes in route-stops-repository.ts;
// - numbers, distances and times on screen (web and Treiber App): @treiber/client/format.
// It also fails when a source file of apps/*/src or packages/*/src is over 400 lines (issue 34).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** @typedef {{ name: string, pattern: RegExp, homes: string[], under: RegExp, fix: string }} Home */

const APP_SOURCE = /^(apps|packages)\/[^/]+\/src\/.*\.(ts|tsx|mjs|js)$/;
const SOURCE = /^((apps|packages)\/[^/]+\/src|scripts|bench)\/.*\.(ts|tsx|mjs|js)$/;
const THIS_FILE = "scripts/check-single-homes.mjs";
const MAX_LINES = 400;
/** Files allowed over MAX_LINES for now, with why. */
const STAND_IN = "scripts/osrm-stand-in.mjs";
const TEST = /(\.test\.tsx?$|\/test\/|\/__tests__\/)/;
const GEO = "packages/contract/src/geo.ts";
const GEO_SQL = "apps/api/src/lib/great-circle-sql.ts";
const SCREENS = /^apps\/(web|field)\/src\//;

/** @type {Home[]} */
const HOMES = [
  {
    name: "Earth radius",
    pattern: /\b6_?371(\b|[._]\d)|\b6_371_0\d\d\b/,
    homes: [GEO],
    under: SOURCE,
    fix: "import EARTH_RADIUS_KM / EARTH_RADIUS_M from @treiber/contract/geo",
  },
  {
    name: "metres per degree",
    pattern: /\b111[_,]?(19[0-9]|3[0-9]{2}|1[0-9]{2})\b|\b111\.(19|32)\d*/,
    homes: [GEO, STAND_IN],
    under: SOURCE,
    fix: "import METERS_PER_DEGREE from @treiber/contract/geo",
  },
  {
    name: "haversine",
    pattern: /\basin\s*\(/i,
    homes: [GEO, GEO_SQL],
    under: SOURCE,
    fix: "use greatCircleKm / greatCircleMeters (@treiber/contract/geo) or greatCircleKmSql (lib/great-circle-sql.ts)",
  },
  {
    name: "seeded random generator",
    // mulberry32, and the usual linear congruential multipliers (a hand-rolled shuffle's generator)
    pattern: /0x6d2b79f5|\b1103515245\b|\b1664525\b/i,
    homes: ["packages/contract/src/seeded-random.ts"],
    under: SOURCE,
    fix: "use SeededRandom from @treiber/contract/seeded-random",
  },
  {
    name: "stops of routes with their riders",
    pattern: /inArray\(\s*routeStops\.routeId/,
    homes: ["apps/api/src/modules/route-stops/route-stops-repository.ts"],
    under: SOURCE,
    fix: "call stopsOfRoutes from modules/route-stops/route-stops-repository.ts",
  },
  {
    name: "number format on screen",
    pattern: /\.toLocale(Date|Time)?String\(|\.toFixed\(|\bIntl\.(NumberFormat|DateTimeFormat)\b/,
    homes: [],
    under: SCREENS,
    fix: "format through @treiber/client/format (formatNumber, formatKm, formatPercent, formatMinutes…)",
  },
];

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  /** @type {string[]} */
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name === "coverage") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

const files = ["apps", "packages", "scripts", "bench"]
  .flatMap((root) => filesUnder(root))
  .map((path) => path.split("\\").join("/"))
  .filter((path) => SOURCE.test(path) && !TEST.test(path) && path !== THIS_FILE);

/**
 * The stand-in's km per degree against the contract's METERS_PER_DEGREE (π·R/180 with geo.ts's
 * EARTH_RADIUS_KM), to the decimals the copy writes.
 * @returns {string[]}
 */
function standInDisagrees() {
  const radius = Number(/EARTH_RADIUS_KM = ([\d.]+)/.exec(readFileSync(GEO, "utf8"))?.[1]);
  const copy = /const KM_PER_DEGREE = ([\d.]+);/.exec(readFileSync(STAND_IN, "utf8"))?.[1];
  if (!radius || !copy) return [`${STAND_IN}: KM_PER_DEGREE or ${GEO}'s EARTH_RADIUS_KM not found`];
  const decimals = copy.split(".")[1]?.length ?? 0;
  const expected = ((radius * Math.PI) / 180).toFixed(decimals);
  return Number(copy) === Number(expected)
    ? []
    : [`${STAND_IN}: KM_PER_DEGREE = ${copy}, but @treiber/contract/geo gives ${expected}`];
}

/** @type {string[]} */
const problems = standInDisagrees();
for (const path of files) {
  const lines = readFileSync(path, "utf8").split("\n");
  const length = lines.at(-1) === "" ? lines.length - 1 : lines.length;
  if (APP_SOURCE.test(path) && length > MAX_LINES) {
    problems.push(`${path}: ${length} lines, over ${MAX_LINES}: split it into files with one job each`);
  }
  for (const home of HOMES) {
    if (!home.under.test(path) || home.homes.includes(path)) continue;
    lines.forEach((line, index) => {
      const code = line.replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "");
      if (home.pattern.test(code)) {
        problems.push(`${path}:${index + 1}: a second ${home.name}: ${home.fix}\n    ${line.trim()}`);
      }
    });
  }
}

if (problems.length > 0) {
  console.error(
    `${problems.length} problem(s): an idea outside its one home, or a file too long:\n${problems.join("\n")}`,
  );
  process.exit(1);
}
console.log(
  `One home each: ${HOMES.map((home) => home.name).join(", ")}; no file over ${MAX_LINES} lines (${files.length} files).`,
);
