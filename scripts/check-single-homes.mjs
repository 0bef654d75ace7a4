// Part of `npm run lint` (`lint:homes`, issue 34, decision 0065): ideas that have one home stay
// single. dependency-cruiser sees imports, not a second definition, so this check reads the source
// of apps/*/src and packages/*/src (tests aside: their fixtures may write their own figures) and
// fails when one of these patterns appears outside its home:
// - the Earth's radius, a metres-per-degree figure and the haversine: @treiber/contract/geo (SQL:
//   apps/api/src/lib/great-circle-sql.ts, which takes the radius from it);
// - the seeded random generator (mulberry32's constant): @treiber/contract/seeded-random;
// - "a route's stops with their riders": stopsOfRoutes in route-stops-repository.ts;
// - numbers, distances and times on screen (web and Treiber App): @treiber/client/format.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** @typedef {{ name: string, pattern: RegExp, homes: string[], under: RegExp, fix: string }} Home */

const SOURCE = /^(apps|packages)\/[^/]+\/src\/.*\.(ts|tsx|mjs|js)$/;
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
    homes: [GEO],
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
    pattern: /0x6d2b79f5/i,
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

const files = ["apps", "packages"]
  .flatMap((root) => filesUnder(root))
  .map((path) => path.split("\\").join("/"))
  .filter((path) => SOURCE.test(path) && !TEST.test(path));

/** @type {string[]} */
const problems = [];
for (const path of files) {
  const lines = readFileSync(path, "utf8").split("\n");
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
  console.error(`${problems.length} idea(s) written outside their one home:\n${problems.join("\n")}`);
  process.exit(1);
}
console.log(`One home each: ${HOMES.map((home) => home.name).join(", ")} (${files.length} files).`);
