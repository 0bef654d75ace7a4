import {
  CUT_EMPTY_MESSAGE,
  CUT_FUTURE_MESSAGE,
  CUT_OVERLAP_MESSAGE,
  CUT_PERIOD_MESSAGE,
  type CutCheckResponse,
  type CutCreatedResponse,
  type CutCreateRequest,
  type CutGeneralItem,
  type CutListQuery,
  type CutRecord,
  type CutRecordListQuery,
  type CutRecordListResponse,
  cutStartMessage,
} from "@treiber/contract";
import { lastCutUntil, lockBilling } from "../../db/billing-lock.js";
import type { Db } from "../../db/client.js";
import { CallerClock } from "../../lib/caller-clock.js";
import { isExclusionViolation } from "../../lib/db-errors.js";
import type { AnyWorkbookSheet, SheetExport } from "../../lib/excel/stream-sheet.js";
import { badRequest, conflict, notFound } from "../../lib/http-error.js";
import { exportFilters } from "../reports/export-filters.js";
import { cutListRange, parseCutDate } from "../reports/report-range.js";
import { type ReportDefinition, reportBatches, reportList } from "../reports/report-runner.js";
import { cents, date, num, type RawRow, text } from "../reports/trip-scope.js";
import { enqueueWebhookEvent } from "../webhooks/webhook-events.js";
import { adjustmentsSheet } from "./adjustments-sheet.js";
import { cutDisputes } from "./cut-adjustment-repository.js";
import { type CutReportInput, cutGeneral, cutHeadboard } from "./cut-reports-sql.js";
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
    openDisputes: num(row.open_disputes),
  };
}

export function createCutService(db: Db) {
  /**
   * What a cut report shows: with `cutId` and no dates, exactly that cut's frozen rows (the same for
   * every viewer in every zone); with dates, the frozen rows of the trips that ended in the range.
   */
  async function listInput(query: CutListQuery, clock: CallerClock, supplierId: number | undefined) {
    let range: { from: Date; to: Date; sinceDate: string; untilDate: string };
    let input: CutReportInput;
    if (query.cutId && !query.sinceDate && !query.untilDate) {
      const cut = await findCutPeriod(db, query.cutId);
      if (!cut) throw notFound(CUT_NOT_FOUND);
      range = { from: cut.since, to: cut.until, sinceDate: iso(cut.since), untilDate: iso(cut.until) };
      input = { cutId: query.cutId };
    } else {
      range = cutListRange(query, clock);
      input = { cutId: query.cutId, range: { from: range.from, to: range.to } };
    }
    return {
      range,
      input: { ...input, supplierName: query.supplierName, criterion: query.criterion, supplierId },
    };
  }

  /** A cut report as an Excel sheet: its filter rows (period in local time) and every row, in batches. */
  async function sheet<Item>(
    definition: ReportDefinition<CutReportInput, Item>,
    query: CutListQuery,
    clock: CallerClock,
    fileName: string,
    supplierId?: number,
  ): Promise<SheetExport<Item>> {
    const { range, input } = await listInput(query, clock, supplierId);
    return {
      fileName,
      ...definition.excel,
      filters: await exportFilters(db, { ...query, ...range }, clock),
      batches: reportBatches(db, definition, input),
      clock,
    };
  }

  /** The «Ajustes» sheet of one cut: its adjustment lines (a supplier's own when `supplierId`). */
  async function cutAdjustmentsSheet(cutId: number, supplierId: number | undefined) {
    return adjustmentsSheet((await cutDisputes(db, cutId, supplierId)).adjustments);
  }

  return {
    /**
     * Creates a cut: under the billing lock (so no End is half-way), checks the period tiles time
     * (starts exactly at the last cut's end) and is not empty, then inserts the cut and freezes its
     * trips, and pays the accepted disputes not paid yet as its adjustment lines (decision 0076).
     * Every check runs before the insert, so a refused request uses no id.
     */
    async create(
      input: CutCreateRequest,
      userId: number,
      clock = CallerClock.UTC,
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
          const made = await insertCutFreezingTrips(tx, { since, until, createdBy: userId, clock });
          // Webhooks' cut.created commits with the cut (decision 0085).
          await enqueueWebhookEvent(tx, "cut.created", {
            id: made.id,
            sinceDate: iso(since),
            untilDate: iso(until),
            trips: made.trips,
            collaborators: made.collaborators,
            total: made.costCents / 100,
            createdBy: userId,
          });
          return made;
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

    /**
     * The cuts, newest first: period, who made it and when, frozen totals (of a supplier's own
     * trips and adjustments when `supplierId` is given).
     */
    async records(
      query: CutRecordListQuery,
      clock: CallerClock,
      supplierId?: number,
    ): Promise<CutRecordListResponse> {
      const range = clock.optionalDayRange(query);
      const { amount, rows } = await listCuts(db, {
        amount: query.amount,
        skip: query.skip,
        range,
        supplierId,
      });
      return {
        amount,
        list: rows.map(toCutRecord),
      };
    },

    /** One cut as a record with its adjustment lines; 404 "Corte no encontrado". */
    async record(id: number, supplierId?: number): Promise<CutRecord> {
      const row = await findCut(db, id, supplierId);
      if (!row) throw notFound(CUT_NOT_FOUND);
      const { adjustments, adjustmentsTotal } = await cutDisputes(db, id, supplierId);
      return { ...toCutRecord(row), adjustments, adjustmentsTotal };
    },

    /** A cut's adjustment lines, their sum and its open disputes (of one supplier, when given). */
    disputes: (cutId: number, supplierId?: number) => cutDisputes(db, cutId, supplierId),

    /** The billing invariant as numbers the cut page shows (both 0 when sound). */
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
      clock: CallerClock,
      supplierId?: number,
    ) {
      const { input } = await listInput(query, clock, supplierId);
      return reportList(db, definition, input, query);
    },

    /** A cut report as an Excel sheet: its filter rows (period in local time) and every row, in batches. */
    sheet,

    /**
     * Cut/General as a workbook: the rows per supplier (a few, read whole) and, for one cut, the
     * sheet «Ajustes» with its adjustment lines (of the supplier's own, for a supplier user).
     */
    async generalWorkbook(query: CutListQuery, clock: CallerClock, fileName: string, supplierId?: number) {
      const general = await sheet(cutGeneral, query, clock, fileName, supplierId);
      const rows: CutGeneralItem[] = [];
      for await (const batch of general.batches) rows.push(...batch);
      const sheets: AnyWorkbookSheet[] = [{ ...general, rows }];
      if (query.cutId) sheets.push(await cutAdjustmentsSheet(query.cutId, supplierId));
      return { fileName, filters: general.filters, clock, sheets };
    },

    /**
     * Cut/Headboard (Detail) as an Excel: its rows streamed in batches and, for one cut, after them
     * the same «Ajustes» sheet as the General Excel (of the supplier's own, for a supplier user).
     */
    async headboardExport(query: CutListQuery, clock: CallerClock, fileName: string, supplierId?: number) {
      const detail = await sheet(cutHeadboard, query, clock, fileName, supplierId);
      if (!query.cutId) return detail;
      return { ...detail, moreSheets: [await cutAdjustmentsSheet(query.cutId, supplierId)] };
    },
  };
}
