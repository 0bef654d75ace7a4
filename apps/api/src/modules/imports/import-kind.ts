import type { ImportColumn, ImportLocation, ImportRow, ImportRowWarning, Role } from "@treiber/contract";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { GeocodeAnswer } from "./geocoder.js";
import type { CheckedRow, UniqueColumn } from "./import-rows.js";

/** What the import engine (import-engine.ts) shares with each kind of import, as types. */

export type Conn = Db | Tx;

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
  /**
   * Of the committed rows, the stored people whose update may raise a route's seats (a driver's
   * bigger vehicle, issue 35): their routes' waitlists are promoted once committed.
   */
  seatsRaisedBy?(rows: ResolvedRow<T, S>[]): number[];
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

/** Rows read, checked and matched, the homes the geocoder found, and the report's warnings. */
export type PreparedImport<T, S extends StoredPerson> = {
  rows: ResolvedRow<T, S>[];
  found: Map<string, GeocodeAnswer>;
  warnings: string[];
};
