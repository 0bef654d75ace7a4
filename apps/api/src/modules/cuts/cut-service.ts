import {
  CUT_EMPTY_MESSAGE,
  CUT_FUTURE_MESSAGE,
  CUT_OVERLAP_MESSAGE,
  CUT_PERIOD_MESSAGE,
  type CutCheckResponse,
  type CutCreatedResponse,
  type CutCreateRequest,
  type CutListQuery,
  type CutRecord,
  type CutRecordListQuery,
  type CutRecordListResponse,
  cutStartMessage,
} from "@treiber/contract";
import { lastCutUntil, lockBilling } from "../../db/billing-lock.js";
import type { Db } from "../../db/client.js";
import { optionalLocalDayRange } from "../../lib/caller-time.js";
import { isExclusionViolation } from "../../lib/db-errors.js";
import type { SheetExport } from "../../lib/excel/stream-sheet.js";
import { badRequest, conflict, notFound } from "../../lib/http-error.js";
import { exportFilters } from "../reports/export-filters.js";
import { cutListRange, parseCutDate } from "../reports/report-range.js";
import { type ReportDefinition, reportBatches, reportList } from "../reports/report-runner.js";
import { cents, date, num, type RawRow, text } from "../reports/trip-scope.js";
import type { CutReportInput } from "./cut-reports-sql.js";
import {
  checkCuts,
  countCuttableTrips,
  findCut,
  findCutPeriod,
  insertCutFreezingTrips,
  listCuts,
} from "./cut-repository.js";

export const CUT_NOT_FOUND = "Corte no encontrado";
const iso = (value: Date) => `${value.toISOString().slice(0, 19)}Z`;

export type CutService = ReturnType<typeof createCutService>;

/** A row of the cut records query as the contract's `CutRecord`. */
function toCutRecord(row: RawRow): CutRecord {
  return {
    id: num(row.id),
    sinceDate: iso(date(row.since_at)),
    untilDate: iso(date(row.until_at)),
    createdAt: iso(date(row.created_at)),
    createdBy: text(row.created_by),
    trips: num(row.trips),
    collaborators: num(row.collaborators),
    total: cents(row.total_cents),
  };
}

export function createCutService(db: Db) {
  /**
   * What a cut report shows: with `cutId` and no dates, exactly that cut's frozen rows (the same for
   * every viewer in every zone); with dates, the frozen rows of the trips that ended in the range.
   */
  async function listInput(query: CutListQuery, gmtOffset: number) {
    let range: { from: Date; to: Date; sinceDate: string; untilDate: string };
    let input: CutReportInput;
    if (query.cutId && !query.sinceDate && !query.untilDate) {
      const cut = await findCutPeriod(db, query.cutId);
      if (!cut) throw notFound(CUT_NOT_FOUND);
      range = { from: cut.since, to: cut.until, sinceDate: iso(cut.since), untilDate: iso(cut.until) };
      input = { cutId: query.cutId };
    } else {
      range = cutListRange(query, gmtOffset);
      input = { cutId: query.cutId, range: { from: range.from, to: range.to } };
    }
    return { range, input: { ...input, supplierName: query.supplierName, criterion: query.criterion } };
  }

  return {
    /**
     * Creates a cut: under the billing lock (so no End is half-way), checks the period tiles time
     * (starts exactly at the last cut's end) and is not empty, then inserts the cut and freezes its
     * trips. Every check runs before the insert, so a refused request uses no id.
     */
    async create(
      input: CutCreateRequest,
      userId: number,
      gmtOffset = 0,
      now = new Date(),
    ): Promise<CutCreatedResponse> {
      const since = parseCutDate(input.sinceDate, "sinceDate");
      const until = parseCutDate(input.untilDate, "untilDate");
      if (since >= until) throw badRequest(CUT_PERIOD_MESSAGE, { sinceDate: CUT_PERIOD_MESSAGE });
      if (until > now) throw badRequest(CUT_FUTURE_MESSAGE, { untilDate: CUT_FUTURE_MESSAGE });
      try {
        const cut = await db.transaction(async (tx) => {
          await lockBilling(tx, "cut");
          const last = await lastCutUntil(tx);
          if (last && last.getTime() !== since.getTime()) {
            const message = cutStartMessage(iso(last));
            throw badRequest(message, { sinceDate: message });
          }
          if ((await countCuttableTrips(tx, since, until)) === 0) {
            throw badRequest(CUT_EMPTY_MESSAGE, { untilDate: CUT_EMPTY_MESSAGE });
          }
          return insertCutFreezingTrips(tx, { since, until, createdBy: userId, gmtOffset });
        });
        return {
          id: cut.id,
          message: "Corte generado",
          sinceDate: iso(since),
          untilDate: iso(until),
          trips: cut.trips,
          collaborators: cut.collaborators,
          total: cut.costCents / 100,
        };
      } catch (error) {
        if (isExclusionViolation(error)) {
          throw conflict(CUT_OVERLAP_MESSAGE, { sinceDate: CUT_OVERLAP_MESSAGE });
        }
        throw error;
      }
    },

    /** The cuts, newest first: period, who made it and when, frozen totals. */
    async records(query: CutRecordListQuery, gmtOffset: number): Promise<CutRecordListResponse> {
      const range = optionalLocalDayRange(query, gmtOffset);
      const { amount, rows } = await listCuts(db, { amount: query.amount, skip: query.skip, range });
      return {
        amount,
        list: rows.map(toCutRecord),
      };
    },

    /** The billing invariant as numbers the cut page shows (both 0 when sound). */
    /** One cut as a record; 404 "Corte no encontrado". */
    async record(id: number): Promise<CutRecord> {
      const row = await findCut(db, id);
      if (!row) throw notFound(CUT_NOT_FOUND);
      return toCutRecord(row);
    },

    async check(): Promise<CutCheckResponse> {
      const result = await checkCuts(db);
      return {
        uncutFinishedTrips: result.uncut,
        tripsInTwoCuts: result.inconsistent,
        lastUntilDate: result.lastUntil ? iso(result.lastUntil) : null,
      };
    },

    /** One page of a cut report and the totals of all its rows. */
    async list<Item>(
      definition: ReportDefinition<CutReportInput, Item>,
      query: CutListQuery,
      gmtOffset: number,
    ) {
      const { input } = await listInput(query, gmtOffset);
      return reportList(db, definition, input, query);
    },

    /** A cut report as an Excel sheet: its filter rows (period in local time) and every row, in batches. */
    async sheet<Item>(
      definition: ReportDefinition<CutReportInput, Item>,
      query: CutListQuery,
      gmtOffset: number,
      fileName: string,
    ): Promise<SheetExport<Item>> {
      const { range, input } = await listInput(query, gmtOffset);
      return {
        fileName,
        ...definition.excel,
        filters: await exportFilters(db, { ...query, ...range }, gmtOffset),
        batches: reportBatches(db, definition, input),
        gmtOffset,
      };
    },
  };
}
