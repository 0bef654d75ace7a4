import { type SQL, sql } from "drizzle-orm";
import { drivers } from "../../db/schema.js";
import { containsPattern } from "../../lib/paging.js";

/**
 * The trigram-indexed search of drivers: `search_text` (drizzle/0006) is name, last name and cédula
 * without hyphens, folded (no accents, lower case) like the pattern; hyphens are stripped from the
 * criterion too.
 */
export const driverSearch = (criterion: string): SQL =>
  sql`${drivers}.search_text like ${containsPattern(criterion.replaceAll("-", ""))}`;
