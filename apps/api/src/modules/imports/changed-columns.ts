import type { ImportColumn } from "@treiber/contract";

/**
 * The headers of the columns whose new value differs from the stored one (issue 33), in the
 * template's order: `[key, new, stored]` per column, a missing value and null alike.
 */
export function changedColumns(
  columns: readonly ImportColumn[],
  values: readonly (readonly [key: string, next: unknown, stored: unknown])[],
): string[] {
  const changed = new Set(
    values.filter(([, next, stored]) => (next ?? null) !== (stored ?? null)).map(([key]) => key),
  );
  return columns.filter((column) => changed.has(column.key)).map((column) => column.header);
}
