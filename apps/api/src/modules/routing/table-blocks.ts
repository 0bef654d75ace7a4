/**
 * How a table of n points is asked for within the server's max-table-size (`size`, OSRM's default
 * 100): all at once when n fits, else in blocks of sources × destinations of at most `size` / 2
 * points each, so one request never lists more than `size` coordinates. `needed(a, b)` says
 * whether a pair is still unknown: a block whose pairs are all known is not asked for.
 */
export type TableBlock = { sources: number[]; destinations: number[] };

export function tableBlocks(
  n: number,
  size: number,
  needed: (a: number, b: number) => boolean,
): TableBlock[] {
  const all = Array.from({ length: n }, (_, i) => i);
  const chunk = n <= size ? Math.max(1, n) : Math.max(1, Math.floor(size / 2));
  const chunks: number[][] = [];
  for (let i = 0; i < n; i += chunk) chunks.push(all.slice(i, i + chunk));
  const blocks: TableBlock[] = [];
  for (const sources of chunks) {
    for (const destinations of chunks) {
      const open = sources.some((a) => destinations.some((b) => a !== b && needed(a, b)));
      if (open) blocks.push({ sources, destinations });
    }
  }
  return blocks;
}
