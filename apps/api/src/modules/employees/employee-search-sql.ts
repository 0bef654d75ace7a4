import { type SQL, sql } from "drizzle-orm";
import { employees } from "../../db/schema.js";
import { containsPattern } from "../../lib/paging.js";

/**
 * The trigram-indexed search of employees: `search_text` (drizzle/0006) is name, last name and code
 * without accents and lower-cased, like the pattern, so plain LIKE ignores case and accents.
 */
export const employeeSearch = (criterion: string): SQL =>
  sql`${employees}.search_text like ${containsPattern(criterion)}`;
