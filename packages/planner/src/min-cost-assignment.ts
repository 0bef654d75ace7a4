/**
 * The assignment problem (Hungarian method with potentials, O(rows² × columns)): each row gets a
 * distinct column, minimising the summed cost. Needs rows ≤ columns; costs must be finite.
 * Deterministic: ties go to the lowest column index.
 * Returns, for each row, its column.
 */
export function minCostAssignment(cost: readonly (readonly number[])[]): number[] {
  const rows = cost.length;
  const columns = rows === 0 ? 0 : (cost[0]?.length ?? 0);
  if (rows > columns) throw new Error("minCostAssignment needs rows ≤ columns");
  // 1-based, as in the classic formulation: column 0 is a virtual one holding the row being added.
  const u = new Float64Array(rows + 1);
  const v = new Float64Array(columns + 1);
  const rowOfColumn = new Int32Array(columns + 1);
  const way = new Int32Array(columns + 1);
  const minimum = new Float64Array(columns + 1);
  const used = new Uint8Array(columns + 1);
  for (let row = 1; row <= rows; row++) {
    rowOfColumn[0] = row;
    let column0 = 0;
    minimum.fill(Number.POSITIVE_INFINITY);
    used.fill(0);
    do {
      used[column0] = 1;
      const row0 = rowOfColumn[column0] as number;
      const costRow = cost[row0 - 1] as readonly number[];
      const u0 = u[row0] as number;
      let delta = Number.POSITIVE_INFINITY;
      let column1 = 0;
      for (let column = 1; column <= columns; column++) {
        if (used[column]) continue;
        const reduced = (costRow[column - 1] as number) - u0 - (v[column] as number);
        if (reduced < (minimum[column] as number)) {
          minimum[column] = reduced;
          way[column] = column0;
        }
        if ((minimum[column] as number) < delta) {
          delta = minimum[column] as number;
          column1 = column;
        }
      }
      for (let column = 0; column <= columns; column++) {
        if (used[column]) {
          const r = rowOfColumn[column] as number;
          u[r] = (u[r] as number) + delta;
          v[column] = (v[column] as number) - delta;
        } else {
          minimum[column] = (minimum[column] as number) - delta;
        }
      }
      column0 = column1;
    } while (rowOfColumn[column0] !== 0);
    do {
      const column1 = way[column0] as number;
      rowOfColumn[column0] = rowOfColumn[column1] as number;
      column0 = column1;
    } while (column0 !== 0);
  }
  const columnOfRow = new Array<number>(rows).fill(-1);
  for (let column = 1; column <= columns; column++) {
    const row = rowOfColumn[column] as number;
    if (row > 0) columnOfRow[row - 1] = column - 1;
  }
  return columnOfRow;
}
