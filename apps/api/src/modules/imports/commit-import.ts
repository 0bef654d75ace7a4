import { IMPORT_MESSAGES, type ImportReport } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { uniqueViolation } from "../../lib/db-errors.js";
import { conflict } from "../../lib/http-error.js";
import type { OpenedSheet } from "../../lib/import/sheet-types.js";
import type { Mailer } from "../../mail/mailer.js";
import { buildImportReport } from "./build-import-report.js";
import type { Geocoder } from "./geocoder.js";
import { lockImports } from "./import-accounts-repository.js";
import type { ImportKind, ImportOptions, PreparedImport, StoredPerson } from "./import-kind.js";
import { checkImportRows, geocodeHomes, matchImportRows, settleImportRows } from "./match-import-rows.js";
import { writeImportRows } from "./write-import-rows.js";

export type ImportOutcome = {
  status: 200 | 422;
  report: ImportReport;
  /** A committed import's people whose update may raise a route's seats (`ImportKind.seatsRaisedBy`). */
  seatsRaisedBy?: number[];
};

/**
 * An import's commit, all or nothing: any invalid row → 422 with the report and nothing written;
 * otherwise one transaction, under the import lock, that checks the rows again against what it
 * sees, then the new accounts' mails.
 */
export async function commitImport<T extends { email: string }, S extends StoredPerson>(
  kind: ImportKind<T, S>,
  deps: { db: Db; mailer: Mailer; geocoder: Geocoder | undefined },
  sheet: OpenedSheet,
  caller: AuthUser,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const { db, mailer, geocoder } = deps;
  const rows = await checkImportRows(kind, sheet, false);
  const prepared: PreparedImport<T, S> = { rows, found: new Map(), warnings: [...sheet.warnings] };
  const skip = options.skipGeocode ?? new Set<number>();
  const fileInvalid = rows.some((row) => row.data === undefined);
  // Outside the transaction only what needs it: the report of a refused file, and the homes to
  // geocode (network calls never hold the import lock).
  const invitationsAt = options.invitationsAt;
  if (fileInvalid || (geocoder && kind.home)) {
    await matchImportRows(db, kind, rows, caller);
    if (fileInvalid || rows.some((row) => row.action === "error")) {
      settleImportRows(kind, prepared, skip);
      return { status: 422, report: buildImportReport(kind, prepared, false, invitationsAt) };
    }
    prepared.found = await geocodeHomes(kind, geocoder, rows, skip, prepared.warnings);
  }
  let mailIds: number[] = [];
  let refused = false;
  try {
    await db.transaction(async (tx) => {
      await lockImports(tx);
      // Matched here, under the lock: another import (or a sign-up) may have written since.
      for (const row of rows) row.errors.length = row.fileErrors;
      await matchImportRows(tx, kind, rows, caller);
      settleImportRows(kind, prepared, skip);
      refused = rows.some((row) => row.action === "error");
      if (!refused) mailIds = await writeImportRows(tx, kind, rows, invitationsAt);
    });
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(IMPORT_MESSAGES.concurrentChange);
    throw error;
  }
  if (refused) return { status: 422, report: buildImportReport(kind, prepared, false, invitationsAt) };
  // After the commit, in the background: thousands of mails never hold the request. Held
  // invitations stay in the outbox (mail/held-mail-job.ts sends them on their date).
  if (!invitationsAt) void mailer.sendQueued(mailIds);
  return {
    status: 200,
    report: buildImportReport(kind, prepared, false, invitationsAt),
    seatsRaisedBy: kind.seatsRaisedBy?.(rows) ?? [],
  };
}
