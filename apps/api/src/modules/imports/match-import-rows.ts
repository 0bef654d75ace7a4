import {
  IMPORT_MESSAGES,
  type ImportColumn,
  type ImportLocation,
  type ImportRowWarning,
} from "@treiber/contract";
import type { AuthUser } from "../../lib/auth-user.js";
import type { OpenedSheet } from "../../lib/import/sheet-types.js";
import type { GeocodeAnswer, Geocoder } from "./geocoder.js";
import { findUserIdsByEmail } from "./import-accounts-repository.js";
import type {
  CatalogEntry,
  Conn,
  ImportKind,
  PreparedImport,
  ResolvedRow,
  StoredPerson,
} from "./import-kind.js";
import { addError, checkRows, foldName } from "./import-rows.js";

/**
 * The import engine's steps on the rows (decision 0050): read and check them against the contract,
 * match them to the people and catalog already stored, geocode the homes that need it, and settle
 * each valid row's home, changes and warnings.
 */

/** The header of a column of the kind's sheet. */
export const headerOf = (columns: readonly ImportColumn[], key: string) =>
  columns.find((column) => column.key === key)?.header ?? key;

/** Reads and checks every row (the file alone, no database). */
export function checkImportRows<T extends { email: string }, S extends StoredPerson>(
  kind: ImportKind<T, S>,
  sheet: OpenedSheet,
  keepValues: boolean,
) {
  return checkRows(sheet, {
    columns: kind.columns,
    schema: kind.schema,
    unique: kind.unique,
    keepValues,
    extra: () => ({
      action: "error" as ResolvedRow<T, S>["action"],
      stored: undefined as S | undefined,
      catalogId: undefined as number | undefined,
      catalog: undefined as CatalogEntry | undefined,
      location: null as ImportLocation | null,
      changes: undefined as string[] | undefined,
      warnings: undefined as ImportRowWarning[] | undefined,
    }),
  });
}

/** Matches the valid rows against the database (batched lookups); adds their errors. */
export async function matchImportRows<T extends { email: string }, S extends StoredPerson>(
  conn: Conn,
  kind: ImportKind<T, S>,
  rows: ResolvedRow<T, S>[],
  caller: AuthUser,
) {
  const keyHeader = headerOf(kind.columns, kind.keyColumn);
  const emailHeader = headerOf(kind.columns, "email");
  const catalogHeader = headerOf(kind.columns, kind.catalog.column);
  const valid = rows.filter((row) => row.data !== undefined);
  const data = valid.map((row) => row.data as T);
  // One after the other: inside the commit they share the transaction's one connection.
  const stored = await kind.findStored(conn, data.map(kind.matchKey));
  const owners = await findUserIdsByEmail(
    conn,
    data.map((item) => item.email),
  );
  const catalog = await kind.catalog.list(conn);
  const byName = new Map<string, CatalogEntry>();
  for (const entry of catalog) {
    const name = foldName(entry.name);
    // Names are unique without case; an accent apart, the active one wins.
    if (!byName.has(name) || entry.status === "active") byName.set(name, entry);
  }
  const checkCatalog = (row: ResolvedRow<T, S>, name: string) => {
    const entry = byName.get(foldName(name));
    if (!entry) addError(row, catalogHeader, kind.catalog.notFound);
    else if (entry.status !== "active") addError(row, catalogHeader, kind.catalog.inactive);
    return entry;
  };
  for (const row of rows) {
    // An invalid row learns about its branch office or supplier too: one round of fixes.
    const name = row.data === undefined ? row.values?.[kind.catalog.column] : undefined;
    if (name?.trim()) checkCatalog(row, name);
  }
  for (const row of valid) {
    const item = row.data as T;
    const match = stored.get(kind.matchKey(item));
    row.stored = match;
    const refusal = match && kind.refuseUpdate?.(caller, match);
    if (refusal) addError(row, keyHeader, refusal);
    // Never a new sign-in e-mail for a stored person (stored and read in lower case).
    if (match && match.email.toLowerCase() !== item.email.toLowerCase())
      addError(row, emailHeader, IMPORT_MESSAGES.emailMismatch(match.email, kind.person));
    const owner = owners.get(item.email);
    if (owner !== undefined && owner !== match?.userId)
      addError(row, emailHeader, IMPORT_MESSAGES.emailInUse);
    row.catalog = checkCatalog(row, String(item[kind.catalog.column]));
    row.catalogId = row.catalog?.id;
  }
  for (const row of rows) {
    row.action = row.data === undefined || row.errors.length > 0 ? "error" : row.stored ? "update" : "create";
  }
}

/** Looks up, a few at a time, the homes of the valid rows that need the geocoder. */
export async function geocodeHomes<T extends { email: string }, S extends StoredPerson>(
  kind: ImportKind<T, S>,
  geocoder: Geocoder | undefined,
  rows: ResolvedRow<T, S>[],
  skip: ReadonlySet<number>,
  warnings: string[],
) {
  const home = kind.home;
  if (!geocoder || !home) return new Map<string, GeocodeAnswer>();
  const addresses = rows.flatMap((row) => {
    const address =
      row.action !== "error" && row.data ? home.addressToLocate(row, row.data, skip) : undefined;
    return address ? [address] : [];
  });
  if (addresses.length === 0) return new Map<string, GeocodeAnswer>();
  const located = await geocoder.locate(addresses);
  if (located.late > 0) warnings.push(IMPORT_MESSAGES.geocoderLate(located.late));
  return located.found;
}

/**
 * Once matched: each valid row's home, whether an update changes anything (`unchanged` when
 * not) and its warnings.
 */
export function settleImportRows<T extends { email: string }, S extends StoredPerson>(
  kind: ImportKind<T, S>,
  prepared: PreparedImport<T, S>,
  skip: ReadonlySet<number>,
) {
  const home = kind.home;
  for (const row of prepared.rows) {
    row.changes = undefined;
    row.warnings = undefined;
    const data = row.data;
    if (row.action === "error" || data === undefined) {
      row.location = null;
      continue;
    }
    row.location = home ? home.place(row, data, prepared.found, skip) : null;
    if (row.action === "update") {
      const changes = kind.changes(row, data, row.catalogId as number);
      if (changes.length === 0) row.action = "unchanged";
      else row.changes = changes;
    }
    const warnings = home && row.location ? home.warn(row, row.location) : [];
    if (warnings.length > 0) row.warnings = warnings;
  }
}
