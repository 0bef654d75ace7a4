/**
 * What importing collaborators and importing drivers share (issue 24, decision 0050): rows checked
 * against the contract, matched by their key (Código, Cédula) to the people already stored, their
 * e-mails and catalog names (Sucursal, Suplidor) checked in batches, the report, and the commit:
 * all or nothing, in one transaction, one import at a time. An import never changes who signs in
 * (issue 32): a stored person's row must carry the person's e-mail; it changes on the person's page.
 * Issue 33: a stored person the row would not change is `unchanged` (nothing written), a valid row
 * may carry warnings (a home worth a look), and the new accounts' invitations may wait for a date.
 */
import {
  IMPORT_ECHO_CHARS,
  IMPORT_MESSAGES,
  IMPORT_REPORT_MAX_ERRORS,
  type ImportColumn,
  type ImportLocation,
  type ImportReport,
  type ImportRow,
  type ImportRowWarning,
  type Role,
} from "@treiber/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { conflict } from "../../lib/http-error.js";
import type { OpenedSheet } from "../../lib/import/sheet-types.js";
import { insertOutboxMails } from "../../mail/mail-outbox-repository.js";
import type { Mailer } from "../../mail/mailer.js";
import { hashTemporaryPassword, importTemporaryPassword } from "../auth/passwords.js";
import { temporaryPasswordMail } from "../auth/signup-service.js";
import type { GeocodeAnswer, Geocoder } from "./geocoder.js";
import { chunks, findUserIdsByEmail, insertUsers, lockImports } from "./import-accounts-repository.js";
import {
  addError,
  type CheckedRow,
  checkRows,
  foldName,
  sortErrors,
  type UniqueColumn,
} from "./import-rows.js";

type Conn = Db | Tx;

/** A stored person an import row matches: its account and that account's role. */
export type StoredPerson = { userId: number; role: string; email: string };

/** A branch office or supplier as the import matches it by name (a branch office with its point). */
export type CatalogEntry = {
  id: number;
  name: string;
  status: string;
  latitude?: number | null;
  longitude?: number | null;
};

/** A checked row once matched: what the commit does with it. */
export type ResolvedRow<T, S extends StoredPerson> = CheckedRow<T> & {
  action: ImportRow["action"];
  stored: S | undefined;
  /** The branch office's or supplier's id (valid rows). */
  catalogId: number | undefined;
  /** That branch office or supplier (valid rows). */
  catalog: CatalogEntry | undefined;
  location: ImportLocation | null;
  /** An update's changed columns (headers); undefined otherwise. */
  changes: string[] | undefined;
  /** A valid row's warnings; undefined when none. */
  warnings: ImportRowWarning[] | undefined;
};

/** The commit's rows of one kind: new people (with their new account) and updates. */
export type ImportWrites<T, S extends StoredPerson> = {
  creates: { row: ResolvedRow<T, S>; data: T; userId: number; catalogId: number }[];
  updates: { row: ResolvedRow<T, S>; data: T; stored: S; catalogId: number }[];
};

/** Collaborators' homes: which addresses to look up, and where each row's home comes from. */
export type HomeRules<T, S extends StoredPerson> = {
  /** The address to geocode for this valid row, if it needs one. */
  addressToLocate(row: ResolvedRow<T, S>, data: T, skip: ReadonlySet<number>): string | undefined;
  place(
    row: ResolvedRow<T, S>,
    data: T,
    found: ReadonlyMap<string, GeocodeAnswer>,
    skip: ReadonlySet<number>,
  ): ImportLocation;
  /** The warnings of a valid row's home (issue 33): far from its branch office, outside the country… */
  warn(row: ResolvedRow<T, S>, location: ImportLocation): ImportRowWarning[];
};

/** What one kind of import (collaborators, drivers) tells the engine. */
export type ImportKind<T extends { email: string }, S extends StoredPerson> = {
  columns: readonly ImportColumn[];
  schema: z.ZodType<T>;
  /** The column that matches a stored person (Código, Cédula), and the file's other unique ones. */
  keyColumn: keyof T & string;
  unique: readonly UniqueColumn[];
  /** The stored key of a valid row (as the lookup answers it). */
  matchKey(data: T): string;
  findStored(conn: Conn, keys: string[]): Promise<Map<string, S>>;
  /** The role of a new account. */
  role: Role;
  /** Whose page changes a stored person's e-mail («la página del colaborador»). */
  person: "colaborador" | "chofer";
  catalog: {
    column: keyof T & string;
    list(conn: Conn): Promise<CatalogEntry[]>;
    notFound: string;
    inactive: string;
  };
  /**
   * The headers of the columns a matched row would change (issue 33), comparing what the commit
   * would write with what is stored: none → `unchanged`. Called once the home is placed.
   */
  changes(row: ResolvedRow<T, S>, data: T, catalogId: number): string[];
  /** An error message on the key column when the caller may not update that stored person. */
  refuseUpdate?(caller: AuthUser, stored: S): string | undefined;
  home?: HomeRules<T, S>;
  write(tx: Tx, writes: ImportWrites<T, S>): Promise<void>;
};

export type ImportOptions = {
  /** Sheet rows whose geocoded point the admin did not accept (skipGeocodeRows). */
  skipGeocode?: ReadonlySet<number>;
  /**
   * «Crear sin enviar» (issue 33): the new accounts' invitations wait in the outbox until this
   * instant (or an admin's «Enviar invitaciones»); undefined: sent right after the commit.
   */
  invitationsAt?: Date;
};

type Prepared<T, S extends StoredPerson> = {
  rows: ResolvedRow<T, S>[];
  found: Map<string, GeocodeAnswer>;
  warnings: string[];
};

export type ImportOutcome = { status: 200 | 422; report: ImportReport };

/** At most IMPORT_ECHO_CHARS characters of a cell, «…» when cut. */
const echo = (text: string) =>
  text.length > IMPORT_ECHO_CHARS ? `${text.slice(0, IMPORT_ECHO_CHARS - 1)}…` : text;

const headerOf = (columns: readonly ImportColumn[], key: string) =>
  columns.find((column) => column.key === key)?.header ?? key;

export function createImportEngine<T extends { email: string }, S extends StoredPerson>(
  kind: ImportKind<T, S>,
  deps: { db: Db; mailer: Mailer; geocoder: Geocoder | undefined },
) {
  const { db, mailer, geocoder } = deps;
  const keyHeader = headerOf(kind.columns, kind.keyColumn);
  const emailHeader = headerOf(kind.columns, "email");
  const catalogHeader = headerOf(kind.columns, kind.catalog.column);

  /** Matches the valid rows against the database (batched lookups); adds their errors. */
  async function resolve(conn: Conn, rows: ResolvedRow<T, S>[], caller: AuthUser) {
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
      row.action =
        row.data === undefined || row.errors.length > 0 ? "error" : row.stored ? "update" : "create";
    }
  }

  /**
   * Once matched: each valid row's home, whether an update changes anything (`unchanged` when
   * not) and its warnings.
   */
  function settle(prepared: Prepared<T, S>, skip: ReadonlySet<number>) {
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

  /** Reads and checks every row (the file alone, no database). */
  function check(sheet: OpenedSheet, keepValues: boolean) {
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

  /** Looks up, a few at a time, the homes of the valid rows that need the geocoder. */
  async function geocode(rows: ResolvedRow<T, S>[], skip: ReadonlySet<number>, warnings: string[]) {
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

  /** Reads, checks and matches every row, and geocodes the homes that need it. */
  async function prepare(
    sheet: OpenedSheet,
    caller: AuthUser,
    options: ImportOptions & { geocode: boolean; keepValues?: boolean },
  ): Promise<Prepared<T, S>> {
    const rows = await check(sheet, options.keepValues ?? false);
    await resolve(db, rows, caller);
    const warnings = [...sheet.warnings];
    const skip = options.skipGeocode ?? new Set<number>();
    const found = options.geocode ? await geocode(rows, skip, warnings) : new Map<string, GeocodeAnswer>();
    const prepared = { rows, found, warnings };
    settle(prepared, skip);
    return prepared;
  }

  function report(prepared: Prepared<T, S>, dryRun: boolean, invitationsAt?: Date): ImportReport {
    const { rows } = prepared;
    const errors = sortErrors(
      rows.flatMap((row) => row.errors),
      kind.columns,
    );
    const warnings = [...prepared.warnings];
    if (errors.length > IMPORT_REPORT_MAX_ERRORS) warnings.push(IMPORT_MESSAGES.errorsCut(errors.length));
    const count = (action: ResolvedRow<T, S>["action"]) => rows.filter((row) => row.action === action).length;
    const invalid = count("error");
    const created = count("create");
    return {
      dryRun,
      total: rows.length,
      valid: rows.length - invalid,
      invalid,
      created,
      updated: count("update"),
      unchanged: count("unchanged"),
      warned: rows.filter((row) => row.warnings !== undefined).length,
      invitations: { count: created, sendAt: invitationsAt?.toISOString() ?? null },
      errors: errors.slice(0, IMPORT_REPORT_MAX_ERRORS),
      warnings,
      rows: rows.map((row) => {
        const cells = (row.data ?? row.values ?? {}) as Record<string, unknown>;
        // A cell of the file is echoed short (issue 32: a 14 MB cell was a 14 MB answer).
        const key = echo(String(cells[kind.keyColumn] ?? ""));
        const name = echo(`${cells.name ?? ""} ${cells.lastname ?? ""}`.trim());
        const item: ImportRow = { row: row.row, action: row.action, key, name, location: row.location };
        if (row.changes) item.changes = row.changes;
        if (row.warnings) item.warnings = row.warnings;
        return item;
      }),
    };
  }

  /**
   * Batch by batch: the new accounts (temporary passwords hashed fast, decision 0050), their
   * people and their mails (held until `invitationsAt` when given); then the updates (the people's
   * data, never their accounts); `unchanged` rows are not written. Returns the mails' ids.
   */
  async function write(
    tx: Tx,
    rows: ResolvedRow<T, S>[],
    invitationsAt: Date | undefined,
  ): Promise<number[]> {
    const mailIds: number[] = [];
    for (const part of chunks(rows.filter((row) => row.action === "create"))) {
      const passwords = part.map(() => importTemporaryPassword());
      const userIds = await insertUsers(
        tx,
        part.map((row, index) => ({
          email: (row.data as T).email,
          passwordHash: hashTemporaryPassword(passwords[index] as string),
          role: kind.role,
        })),
      );
      await kind.write(tx, {
        creates: part.map((row) => {
          const data = row.data as T;
          return { row, data, catalogId: row.catalogId as number, userId: userIds.get(data.email) as number };
        }),
        updates: [],
      });
      const mails = part.map((row, index) =>
        temporaryPasswordMail((row.data as T).email, passwords[index] as string),
      );
      mailIds.push(...(await insertOutboxMails(tx, mails, invitationsAt)));
    }
    for (const part of chunks(rows.filter((row) => row.action === "update"))) {
      const updates = part.map((row) => ({
        row,
        data: row.data as T,
        catalogId: row.catalogId as number,
        stored: row.stored as S,
      }));
      // The accounts stay as they are: an update's e-mail is the stored one (resolve checked it).
      await kind.write(tx, { creates: [], updates });
    }
    return mailIds;
  }

  return {
    /** `dryRun=true`: what the commit would do, every row's state and the errors. Writes nothing. */
    async preview(sheet: OpenedSheet, caller: AuthUser, options: ImportOptions = {}) {
      return report(await prepare(sheet, caller, { ...options, geocode: true }), true, options.invitationsAt);
    },

    /**
     * All or nothing: any invalid row → 422 with the report and nothing written; otherwise one
     * transaction, under the import lock, that checks the rows again against what it sees.
     */
    async commit(sheet: OpenedSheet, caller: AuthUser, options: ImportOptions = {}): Promise<ImportOutcome> {
      const rows = await check(sheet, false);
      const prepared: Prepared<T, S> = { rows, found: new Map(), warnings: [...sheet.warnings] };
      const skip = options.skipGeocode ?? new Set<number>();
      const fileInvalid = rows.some((row) => row.data === undefined);
      // Outside the transaction only what needs it: the report of a refused file, and the homes to
      // geocode (network calls never hold the import lock).
      const invitationsAt = options.invitationsAt;
      if (fileInvalid || (geocoder && kind.home)) {
        await resolve(db, rows, caller);
        if (fileInvalid || rows.some((row) => row.action === "error")) {
          settle(prepared, skip);
          return { status: 422, report: report(prepared, false, invitationsAt) };
        }
        prepared.found = await geocode(rows, skip, prepared.warnings);
      }
      let mailIds: number[] = [];
      let refused = false;
      try {
        await db.transaction(async (tx) => {
          await lockImports(tx);
          // Matched here, under the lock: another import (or a sign-up) may have written since.
          for (const row of rows) row.errors.length = row.fileErrors;
          await resolve(tx, rows, caller);
          settle(prepared, skip);
          refused = rows.some((row) => row.action === "error");
          if (!refused) mailIds = await write(tx, rows, invitationsAt);
        });
      } catch (error) {
        if (uniqueViolation(error)) throw conflict(IMPORT_MESSAGES.concurrentChange);
        throw error;
      }
      if (refused) return { status: 422, report: report(prepared, false, invitationsAt) };
      // After the commit, in the background: thousands of mails never hold the request. Held
      // invitations stay in the outbox (mail/held-mail-job.ts sends them on their date).
      if (!invitationsAt) void mailer.sendQueued(mailIds);
      return { status: 200, report: report(prepared, false, invitationsAt) };
    },

    /**
     * Every row for the error file (issue 33), no geocoding: the invalid ones first with their
     * errors, then the valid ones (no errors), each group in sheet order, so the fixed file imports
     * them all; `invalid` counts the first group.
     */
    async errorFileRows(sheet: OpenedSheet, caller: AuthUser) {
      const prepared = await prepare(sheet, caller, { geocode: false, keepValues: true });
      const fileRow = (row: ResolvedRow<T, S>) => ({
        row: row.row,
        values: row.values ?? {},
        errors: sortErrors(row.errors, kind.columns),
      });
      const invalid = prepared.rows.filter((row) => row.action === "error");
      const valid = prepared.rows.filter((row) => row.action !== "error");
      return { invalid: invalid.length, rows: [...invalid.map(fileRow), ...valid.map(fileRow)] };
    },
  };
}
