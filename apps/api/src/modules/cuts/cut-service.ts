import {
  CUT_FUTURE_MESSAGE,
  CUT_OVERLAP_MESSAGE,
  CUT_PERIOD_MESSAGE,
  type CutCreatedResponse,
  type CutCreateRequest,
  type CutListQuery,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { isExclusionViolation } from "../../lib/db-errors.js";
import type { SheetExport } from "../../lib/excel/stream-sheet.js";
import { badRequest, conflict, notFound } from "../../lib/http-error.js";
import { exportFilters } from "../reports/export-filters.js";
import type { ReportInput } from "../reports/report-definitions.js";
import { cutListRange, parseCutDate } from "../reports/report-range.js";
import { type ReportDefinition, reportBatches, reportList } from "../reports/report-runner.js";
import { findCutPeriod, insertCutFreezingTrips } from "./cut-repository.js";

export const CUT_NOT_FOUND = "Corte no encontrado";
const iso = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

export type CutService = ReturnType<typeof createCutService>;

export function createCutService(db: Db) {
  /** Scope of a cut list: the cut's own period with `cutId` and no dates, else the range given. */
  async function listInput(query: CutListQuery, gmtOffset: number) {
    let range: { from: Date; to: Date; sinceDate: string; untilDate: string };
    if (query.cutId && !query.sinceDate && !query.untilDate) {
      const cut = await findCutPeriod(db, query.cutId);
      if (!cut) throw notFound(CUT_NOT_FOUND);
      range = { from: cut.since, to: cut.until, sinceDate: iso(cut.since), untilDate: iso(cut.until) };
    } else {
      range = cutListRange(query, gmtOffset);
    }
    const input: ReportInput = {
      scope: {
        from: range.from,
        to: range.to,
        kind: "all",
        supplierName: query.supplierName,
        cut: { cutId: query.cutId },
      },
      criterion: query.criterion,
    };
    return { range, input };
  }

  return {
    /**
     * Creates a cut and, in the same transaction, freezes every finished trip not yet cut that
     * ended in `[since, until)`. Overlapping periods are refused by the database's exclusion
     * constraint, so two cuts requested at the same time cannot bill a trip twice.
     */
    async create(input: CutCreateRequest, userId: number, now = new Date()): Promise<CutCreatedResponse> {
      const since = parseCutDate(input.sinceDate, "sinceDate");
      const until = parseCutDate(input.untilDate, "untilDate");
      if (since >= until) throw badRequest(CUT_PERIOD_MESSAGE, { sinceDate: CUT_PERIOD_MESSAGE });
      if (until > now) throw badRequest(CUT_FUTURE_MESSAGE, { untilDate: CUT_FUTURE_MESSAGE });
      try {
        const cut = await insertCutFreezingTrips(db, { since, until, createdBy: userId });
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

    /** One page of a cut report and the totals of all its rows. */
    async list<Item>(
      definition: ReportDefinition<ReportInput, Item>,
      query: CutListQuery,
      gmtOffset: number,
    ) {
      const { input } = await listInput(query, gmtOffset);
      return reportList(db, definition, input, query);
    },

    /** A cut report as an Excel sheet: its filter rows and every row, in batches. */
    async sheet<Item>(
      definition: ReportDefinition<ReportInput, Item>,
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
