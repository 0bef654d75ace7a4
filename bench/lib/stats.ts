/** Small measuring helpers shared by the benchmarks. */
import { readFileSync } from "node:fs";
import { percentileOfSorted } from "./percentile.js";

/** A growable list of samples (ms) with percentiles. */
export function createSamples() {
  let values = new Float64Array(1 << 16);
  let length = 0;
  return {
    add(value: number) {
      if (length === values.length) {
        const grown = new Float64Array(values.length * 2);
        grown.set(values);
        values = grown;
      }
      values[length++] = value;
    },
    get count() {
      return length;
    },
    /** Percentiles (0–100) of the samples so far, in one sort. */
    percentiles(...ps: number[]): number[] {
      const sorted = values.slice(0, length).sort();
      return ps.map((p) => percentileOfSorted(sorted, p));
    },
    reset() {
      length = 0;
    },
  };
}

export type Samples = ReturnType<typeof createSamples>;

/** Runs `task` over `items` with at most `limit` at a time. */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** CPU time (user + system, ms) of any local process, from /proc; undefined when unreadable. */
export function procCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // CLK_TCK is 100 on Linux
  } catch {
    return undefined;
  }
}
