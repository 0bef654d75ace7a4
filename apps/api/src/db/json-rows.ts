import { type SQL, sql } from "drizzle-orm";

/**
 * Many rows as ONE parameter (issue 24's imports): `json_to_recordset(<rows>) as v(col type, …)`
 * reads them in SQL. A 1,000-row multi-row INSERT binds 12,000 parameters and took 4× longer than
 * INSERT … SELECT on PostgreSQL; one JSON text per batch costs about what the set-based statement
 * does. The values must hold no NUL (PostgreSQL refuses `\u0000` in text): callers pass rows the
 * contract's schemas already checked.
 */
export const jsonRows = (rows: readonly object[]): SQL =>
  sql`json_to_recordset(${JSON.stringify(rows)}::json)`;

/** A text array from one JSON parameter, for `column = any(<texts>)` (an index scan, like IN). */
export const jsonTexts = (values: readonly string[]): SQL =>
  sql`array(select json_array_elements_text(${JSON.stringify(values)}::json))`;
