import type { RawRow } from "./raw-row.js";
import { sheetRows } from "./sheet-xml.js";
import { type MergeRange, openXlsxPackage } from "./xlsx-package.js";

/**
 * The merged ranges that cover each row, for rows read in ascending order (a sweep over the
 * ranges sorted by their top row).
 */
function mergeSweep(merges: MergeRange[]) {
  let next = 0;
  let active: MergeRange[] = [];
  return (row: number) => {
    while (next < merges.length && (merges[next]?.top ?? Number.POSITIVE_INFINITY) <= row) {
      active.push(merges[next] as MergeRange);
      next++;
    }
    active = active.filter((range) => range.bottom >= row);
    return active.filter((range) => range.top <= row);
  };
}

/**
 * The first worksheet's rows, read from its XML as it inflates (sheet-xml.ts): one row in memory
 * at a time (plus the shared strings). Cells covered by a merged range (all but its top-left cell)
 * are marked, whatever they hold. The package is checked before this returns (broken, not a
 * workbook, too big once inflated); a broken part found while reading is 400 "dañado", and a file
 * still being read at `deadline` (performance.now() milliseconds) is 400 «tardó más de…».
 */
export async function readXlsxCells(
  file: Buffer,
  deadline = Number.POSITIVE_INFINITY,
): Promise<AsyncIterable<RawRow>> {
  const xlsx = await openXlsxPackage(file, deadline);
  return {
    async *[Symbol.asyncIterator]() {
      const covering = mergeSweep(xlsx.merges);
      for await (const { row, cells } of sheetRows(xlsx.sheetText(), xlsx.context, deadline)) {
        for (const range of covering(row)) {
          for (let column = range.left; column <= range.right; column++) {
            if (row !== range.top || column !== range.left) cells[column - 1] = { problem: "mergedCell" };
          }
        }
        yield { row, cells };
      }
    },
  };
}
