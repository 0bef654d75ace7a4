import { IMPORT_MESSAGES } from "@treiber/contract";
import ExcelJS from "exceljs";
import { badRequest, HttpError } from "../http-error.js";
import { cellText } from "./cell-text.js";
import type { RawCell, RawRow } from "./raw-row.js";
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
 * The first worksheet's rows, read by exceljs' streaming reader (`stream.xlsx.WorkbookReader`):
 * one row in memory at a time (plus the shared strings). Cells covered by a merged range (all but
 * its top-left cell) are marked, whatever they hold. The package is checked before this returns
 * (broken, not a workbook, too big once inflated); a failure while reading is 400 "dañado".
 */
export async function readXlsxCells(file: Buffer): Promise<AsyncIterable<RawRow>> {
  const xlsx = await openXlsxPackage(file);
  return {
    async *[Symbol.asyncIterator]() {
      const input = xlsx.stream();
      const covering = mergeSweep(xlsx.merges);
      const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
        worksheets: "emit",
        sharedStrings: "cache",
        // Dates are numbers in a date format: the styles tell them apart.
        styles: "cache",
        hyperlinks: "ignore",
        entries: "ignore",
      });
      try {
        for await (const worksheet of workbook) {
          for await (const row of worksheet) {
            const cells: RawCell[] = [];
            row.eachCell({ includeEmpty: false }, (cell, column) => {
              cells[column - 1] = cellText(cell.value);
            });
            for (const range of covering(row.number)) {
              for (let column = range.left; column <= range.right; column++) {
                if (row.number !== range.top || column !== range.left)
                  cells[column - 1] = { problem: "mergedCell" };
              }
            }
            yield { row: row.number, cells };
          }
          // The reduced package holds one worksheet.
          break;
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw badRequest(IMPORT_MESSAGES.brokenXlsx);
      } finally {
        input.destroy();
      }
    },
  };
}
