import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { OpenedSheet } from "../../lib/import/sheet-types.js";
import type { Mailer } from "../../mail/mailer.js";
import { buildImportReport } from "./build-import-report.js";
import { commitImport, type ImportOutcome } from "./commit-import.js";
import type { GeocodeAnswer, Geocoder } from "./geocoder.js";
import type { ImportKind, ImportOptions, PreparedImport, ResolvedRow, StoredPerson } from "./import-kind.js";
import { sortErrors } from "./import-rows.js";
import { checkImportRows, geocodeHomes, matchImportRows, settleImportRows } from "./match-import-rows.js";

export function createImportEngine<T extends { email: string }, S extends StoredPerson>(
  kind: ImportKind<T, S>,
  deps: { db: Db; mailer: Mailer; geocoder: Geocoder | undefined },
) {
  const { db, geocoder } = deps;

  /** Reads, checks and matches every row, and geocodes the homes that need it. */
  async function prepare(
    sheet: OpenedSheet,
    caller: AuthUser,
    options: ImportOptions & { geocode: boolean; keepValues?: boolean },
  ): Promise<PreparedImport<T, S>> {
    const rows = await checkImportRows(kind, sheet, options.keepValues ?? false);
    await matchImportRows(db, kind, rows, caller);
    const warnings = [...sheet.warnings];
    const skip = options.skipGeocode ?? new Set<number>();
    const found = options.geocode
      ? await geocodeHomes(kind, geocoder, rows, skip, warnings)
      : new Map<string, GeocodeAnswer>();
    const prepared = { rows, found, warnings };
    settleImportRows(kind, prepared, skip);
    return prepared;
  }

  return {
    /** `dryRun=true`: what the commit would do, every row's state and the errors. Writes nothing. */
    async preview(sheet: OpenedSheet, caller: AuthUser, options: ImportOptions = {}) {
      return buildImportReport(
        kind,
        await prepare(sheet, caller, { ...options, geocode: true }),
        true,
        options.invitationsAt,
      );
    },

    /**
     * All or nothing: any invalid row → 422 with the report and nothing written; otherwise one
     * transaction, under the import lock, that checks the rows again against what it sees.
     */
    commit: (sheet: OpenedSheet, caller: AuthUser, options: ImportOptions = {}): Promise<ImportOutcome> =>
      commitImport(kind, deps, sheet, caller, options),

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
