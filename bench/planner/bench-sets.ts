import { readdirSync } from "node:fs";
import { join } from "node:path";

/** One benchmark set: a folder of Solomon-format instances and their best-known solutions. */
export type BenchSet = {
  name: string;
  folder: string;
  bestKnownFile: string;
  /** The instance's class (C1, R2 ...) from its name. */
  group: (instance: string) => string;
};

export const BENCH_SETS: Record<string, BenchSet> = {
  solomon: {
    name: "solomon",
    folder: "solomon",
    bestKnownFile: "solomon-best-known.json",
    group: (instance) => instance.replace(/\d\d$/, ""),
  },
  homberger400: {
    name: "homberger400",
    folder: "homberger_400",
    bestKnownFile: "homberger-400-best-known.json",
    group: (instance) => instance.replace(/_4_\d+$/, "").toUpperCase(),
  },
};

/** PLANNER_SET: solomon (default), homberger400 or all. */
export function chosenSets(value: string | undefined): BenchSet[] {
  const choice = (value ?? "solomon").trim() || "solomon";
  if (choice === "all") return Object.values(BENCH_SETS);
  const set = BENCH_SETS[choice];
  if (!set) throw new Error(`PLANNER_SET must be solomon, homberger400 or all (got "${choice}")`);
  return [set];
}

/**
 * The instance names of a set that match the filters (names or prefixes, case-insensitive), in
 * natural order (c1_4_2 before c1_4_10).
 */
export function instanceNames(here: string, set: BenchSet, filters: string[]): string[] {
  const lower = filters.map((filter) => filter.toLowerCase());
  return readdirSync(join(here, set.folder))
    .map((file) => file.replace(/\.txt$/, ""))
    .filter((name) => lower.length === 0 || lower.some((filter) => name.toLowerCase().startsWith(filter)))
    .sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
}
