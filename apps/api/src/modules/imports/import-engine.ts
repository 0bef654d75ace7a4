/**
 * What importing collaborators and importing drivers share (issue 24, decision 0050): rows checked
 * against the contract, matched by their key (Código, Cédula) to the people already stored, their
 * e-mails and catalog names (Sucursal, Suplidor) checked in batches, the report, and the commit:
 * all or nothing, in one transaction, one import at a time.
 */
import {
  IMPORT_MESSAGES,
  type ImportColumn,
  type ImportLocation,
  type ImportReport,
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
import {
  chunks,
  findUserIdsByEmail,
  insertUsers,
  lockImports,
  updateUserEmails,
} from "./import-accounts-repository.js";
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

/** A checked row once matched: what the commit does with it. */
export type ResolvedRow<T, S extends StoredPerson> = CheckedRow<T> & {
  action: "create" | "update" | "error";
  stored: S | undefined;
  /** The branch office's or supplier's id (valid rows). */
  catalogId: number | undefined;
  location: ImportLocation | null;
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
  catalog: {
    column: keyof T & string;
    list(conn: Conn): Promise<{ id: number; name: string; status: string }[]>;
    notFound: string;
    inactive: string;
  };
  /** An error message on the key column when the caller may not update that stored person. */
  refuseUpdate?(caller: AuthUser, stored: S): string | undefined;
  home?: HomeRules<T, S>;
  write(tx: Tx, writes: ImportWrites<T, S>): Promise<void>;
};

export type ImportOptions = {
  /** Sheet rows whose geocoded point the admin did not accept (skipGeocodeRows). */
  skipGeocode?: ReadonlySet<number>;
};

type Prepared<T, S extends StoredPerson> = {
  rows: ResolvedRow<T, S>[];
  /** How many of each row's errors came from the file itself (the rest from the database). */
  fileErrors: Map<number, number>;
  found: Map<string, GeocodeAnswer>;
  warnings: string[];
};

export type ImportOutcome = { status: 200 | 422; report: ImportReport };

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
    const [stored, owners, catalog] = await Promise.all([
      kind.findStored(conn, data.map(kind.matchKey)),
      findUserIdsByEmail(
        conn,
        data.map((item) => item.email),
      ),
      kind.catalog.list(conn),
    ]);
    const byName = new Map<string, { id: number; status: string }>();
    for (const entry of catalog) {
      const name = foldName(entry.name);
      // Names are unique without case; an accent apart, the active one wins.
      if (!byName.has(name) || entry.status === "active") byName.set(name, entry);
    }
    for (const row of valid) {
      const item = row.data as T;
      const match = stored.get(kind.matchKey(item));
      row.stored = match;
      const refusal = match && kind.refuseUpdate?.(caller, match);
      if (refusal) addError(row, keyHeader, refusal);
      const owner = owners.get(item.email);
      if (owner !== undefined && owner !== match?.userId)
        addError(row, emailHeader, IMPORT_MESSAGES.emailInUse);
      const entry = byName.get(foldName(String(item[kind.catalog.column])));
      if (!entry) addError(row, catalogHeader, kind.catalog.notFound);
      else if (entry.status !== "active") addError(row, catalogHeader, kind.catalog.inactive);
      row.catalogId = entry?.id;
    }
    for (const row of rows) {
      row.action =
        row.data === undefined || row.errors.length > 0 ? "error" : row.stored ? "update" : "create";
    }
  }

  function placeHomes(prepared: Prepared<T, S>, skip: ReadonlySet<number>) {
    for (const row of prepared.rows) {
      row.location =
        kind.home && row.action !== "error" && row.data
          ? kind.home.place(row, row.data, prepared.found, skip)
          : null;
    }
  }

  /** Reads, checks and matches every row; geocodes the homes that need it (unless `geocode` is off). */
  async function prepare(
    sheet: OpenedSheet,
    caller: AuthUser,
    options: ImportOptions & { geocode: boolean },
  ): Promise<Prepared<T, S>> {
    const checked = await checkRows(sheet, kind.columns, kind.schema, kind.unique);
    const rows = checked.map(
      (row): ResolvedRow<T, S> => ({
        ...row,
        action: "error",
        stored: undefined,
        catalogId: undefined,
        location: null,
      }),
    );
    const fileErrors = new Map(rows.map((row) => [row.row, row.errors.length]));
    await resolve(db, rows, caller);
    const warnings = [...sheet.warnings];
    const skip = options.skipGeocode ?? new Set<number>();
    let found = new Map<string, GeocodeAnswer>();
    if (options.geocode && geocoder && kind.home) {
      const home = kind.home;
      const addresses = rows.flatMap((row) => {
        const address =
          row.action !== "error" && row.data ? home.addressToLocate(row, row.data, skip) : undefined;
        return address ? [address] : [];
      });
      if (addresses.length > 0) {
        const located = await geocoder.locate(addresses);
        found = located.found;
        if (located.late > 0) warnings.push(IMPORT_MESSAGES.geocoderLate(located.late));
      }
    }
    const prepared = { rows, fileErrors, found, warnings };
    placeHomes(prepared, skip);
    return prepared;
  }

  function report(prepared: Prepared<T, S>, dryRun: boolean): ImportReport {
    const { rows } = prepared;
    const errors = sortErrors(
      rows.flatMap((row) => row.errors),
      kind.columns,
    );
    const count = (action: ResolvedRow<T, S>["action"]) => rows.filter((row) => row.action === action).length;
    const invalid = count("error");
    return {
      dryRun,
      total: rows.length,
      valid: rows.length - invalid,
      invalid,
      created: count("create"),
      updated: count("update"),
      errors,
      warnings: prepared.warnings,
      rows: rows.map((row) => {
        const key = row.data ? String(row.data[kind.keyColumn]) : (row.values[kind.keyColumn] ?? "");
        const name = `${row.values.name ?? ""} ${row.values.lastname ?? ""}`.trim();
        return { row: row.row, action: row.action, key, name, location: row.location };
      }),
    };
  }

  /** The new accounts' users, their people and their mails, then the updates; the mails' ids. */
  async function write(tx: Tx, rows: ResolvedRow<T, S>[]): Promise<number[]> {
    const creates = rows.filter((row) => row.action === "create");
    const passwords = new Map<string, string>();
    const accounts = creates.map((row) => {
      const { email } = row.data as T;
      const temporary = importTemporaryPassword();
      passwords.set(email, temporary);
      return { email, passwordHash: hashTemporaryPassword(temporary), role: kind.role };
    });
    const userIds = await insertUsers(tx, accounts);
    const writes: ImportWrites<T, S> = { creates: [], updates: [] };
    for (const row of rows) {
      const data = row.data as T;
      const catalogId = row.catalogId as number;
      if (row.action === "create") {
        writes.creates.push({ row, data, catalogId, userId: userIds.get(data.email) as number });
      } else if (row.action === "update") {
        writes.updates.push({ row, data, catalogId, stored: row.stored as S });
      }
    }
    await updateUserEmails(
      tx,
      writes.updates.map(({ data, stored }) => ({ userId: stored.userId, email: data.email })),
    );
    await kind.write(tx, writes);
    const mailIds: number[] = [];
    for (const part of chunks([...passwords])) {
      mailIds.push(
        ...(await insertOutboxMails(
          tx,
          part.map(([email, temporary]) => temporaryPasswordMail(email, temporary)),
        )),
      );
    }
    return mailIds;
  }

  return {
    /** `dryRun=true`: what the commit would do, every row's state and the errors. Writes nothing. */
    async preview(sheet: OpenedSheet, caller: AuthUser, options: ImportOptions = {}) {
      return report(await prepare(sheet, caller, { ...options, geocode: true }), true);
    },

    /**
     * All or nothing: any invalid row → 422 with the report and nothing written; otherwise one
     * transaction, under the import lock, that checks the rows again against what it sees.
     */
    async commit(sheet: OpenedSheet, caller: AuthUser, options: ImportOptions = {}): Promise<ImportOutcome> {
      const prepared = await prepare(sheet, caller, { ...options, geocode: true });
      if (prepared.rows.some((row) => row.action === "error")) {
        return { status: 422, report: report(prepared, false) };
      }
      let mailIds: number[] = [];
      let refused = false;
      try {
        await db.transaction(async (tx) => {
          await lockImports(tx);
          // Another import (or a sign-up) may have written since the check: check again, inside.
          for (const row of prepared.rows) row.errors.length = prepared.fileErrors.get(row.row) ?? 0;
          await resolve(tx, prepared.rows, caller);
          placeHomes(prepared, options.skipGeocode ?? new Set());
          if (prepared.rows.some((row) => row.action === "error")) {
            refused = true;
            return;
          }
          mailIds = await write(tx, prepared.rows);
        });
      } catch (error) {
        if (uniqueViolation(error)) throw conflict(IMPORT_MESSAGES.concurrentChange);
        throw error;
      }
      if (refused) return { status: 422, report: report(prepared, false) };
      // After the commit, in the background: thousands of mails never hold the request.
      void mailer.sendQueued(mailIds);
      return { status: 200, report: report(prepared, false) };
    },

    /** The invalid rows with their errors (for the error file); no geocoding. */
    async invalidRows(sheet: OpenedSheet, caller: AuthUser) {
      const prepared = await prepare(sheet, caller, { geocode: false });
      return prepared.rows
        .filter((row) => row.action === "error")
        .map((row) => ({ row: row.row, values: row.values, errors: sortErrors(row.errors, kind.columns) }));
    },
  };
}
