import {
  CUT_FUTURE_MESSAGE,
  CUT_OVERLAP_MESSAGE,
  CUT_PERIOD_MESSAGE,
  type CutCreatedResponse,
  type CutCreateRequest,
  type CutListQuery,
} from "@treiber/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cuts } from "../../db/schema.js";
import { isExclusionViolation } from "../../lib/db-errors.js";
import { badRequest, conflict, notFound } from "../../lib/http-error.js";
import type { ReportInput } from "../reports/report-definitions.js";
import { cutListRange, parseCutDate } from "../reports/report-range.js";
import { rowsOf } from "../reports/trip-scope.js";

export const CUT_NOT_FOUND = "Corte no encontrado";
const iso = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

export type CutService = ReturnType<typeof createCutService>;

export function createCutService(db: Db) {
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
        return await db.transaction(async (tx) => {
          const [cut] = await tx
            .insert(cuts)
            .values({ sinceAt: since, untilAt: until, createdBy: userId })
            .returning({ id: cuts.id });
          if (!cut) throw new Error("cut insert returned nothing");
          const [summary] = await rowsOf(
            tx,
            sql`with frozen as (
                update intermediate_routes t set cut_id = ${cut.id}, updated_at = now()
                where t.status = 'Finished' and t.cut_id is null
                  and t.ended_at >= ${since} and t.ended_at < ${until}
                returning t.id, round(t.cost * 100)::bigint as cost_cents
              )
              select count(*)::int as trips, coalesce(sum(f.cost_cents), 0)::bigint as cost_cents,
                coalesce(sum(tr.riders), 0)::bigint as collaborators
              from frozen f left join trip_riders tr on tr.intermediate_route_id = f.id`,
          );
          return {
            id: cut.id,
            message: "Corte generado",
            sinceDate: iso(since),
            untilDate: iso(until),
            trips: Number(summary?.trips ?? 0),
            collaborators: Number(summary?.collaborators ?? 0),
            total: Number(summary?.cost_cents ?? 0) / 100,
          };
        });
      } catch (error) {
        if (isExclusionViolation(error)) {
          throw conflict(CUT_OVERLAP_MESSAGE, { sinceDate: CUT_OVERLAP_MESSAGE });
        }
        throw error;
      }
    },

    /** Scope of a cut list: the cut's own period with `cutId` and no dates, else the range given. */
    async listInput(query: CutListQuery, gmtOffset: number) {
      let range: { from: Date; to: Date; sinceDate: string; untilDate: string };
      if (query.cutId && !query.sinceDate && !query.untilDate) {
        const [cut] = await db
          .select({ since: cuts.sinceAt, until: cuts.untilAt })
          .from(cuts)
          .where(eq(cuts.id, query.cutId));
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
    },
  };
}
