/**
 * A row as the CSV and .xlsx readers hand it to openSheet, before the header is matched: cell
 * text by column (0-based), or the reason a cell's content cannot be used.
 */
export type CellProblem = { problem: "formula" | "date" | "mergedCell" | "badCharacter" | "tooLong" };
export type RawCell = string | null | undefined | CellProblem;
export type RawRow = { row: number; cells: RawCell[] };

export const isProblem = (cell: RawCell): cell is CellProblem => typeof cell === "object" && cell !== null;
