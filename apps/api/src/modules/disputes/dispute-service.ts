import {
  DISPUTE_ALREADY_OPEN_MESSAGE,
  DISPUTE_ALREADY_RESOLVED_MESSAGE,
  DISPUTE_CREATED_MESSAGE,
  DISPUTE_CUT_NOT_FOUND_MESSAGE,
  DISPUTE_NOT_FOUND_MESSAGE,
  DISPUTE_RESOLVED_MESSAGE,
  DISPUTE_TRIP_NOT_IN_CUT_MESSAGE,
  type DisputeCreateRequest,
  type DisputeCreateResponse,
  type DisputeItem,
  type DisputeListQuery,
  type DisputeListResponse,
  type DisputeResolveRequest,
  type DisputeStatus,
  type MessageResponse,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { duplicateError } from "../../lib/db-errors.js";
import { conflict, notFound } from "../../lib/http-error.js";
import type { Notifier, UserNotice } from "../notifications/notification-service.js";
import { cents, date, nullableText, num, type RawRow, text } from "../reports/trip-scope.js";
import {
  disputeExists,
  findCutLine,
  insertDispute,
  listDisputes,
  resolveOpenDispute,
  supplierAudience,
} from "./dispute-repository.js";

export type DisputeService = ReturnType<typeof createDisputeService>;

/** Money in the API (2 decimals) as the cents stored. */
const toCents = (amount: number) => Math.round(amount * 100);
const isoOrNull = (value: unknown) =>
  value === null || value === undefined ? null : date(value).toISOString();

function toItem(row: RawRow): DisputeItem {
  return {
    id: num(row.id),
    cutId: num(row.cut_id),
    intermediateRouteId: num(row.intermediate_route_id),
    routeName: text(row.route_name),
    tripStartedAt: date(row.started_at).toISOString(),
    supplierId: num(row.supplier_id),
    supplierName: text(row.supplier_name),
    driverName: text(row.driver_name),
    lineAmount: cents(row.cost_cents),
    reason: text(row.reason),
    claimedAmount: cents(row.claimed_cents),
    status: text(row.status) as DisputeStatus,
    note: nullableText(row.note),
    acceptedAmount:
      row.accepted_cents === null || row.accepted_cents === undefined ? null : cents(row.accepted_cents),
    createdAt: date(row.created_at).toISOString(),
    createdBy: text(row.created_by),
    resolvedAt: isoOrNull(row.resolved_at),
    resolvedBy: nullableText(row.resolved_by),
    adjustmentCutId: row.adjustment_cut_id === null ? null : num(row.adjustment_cut_id),
  };
}

const money = (amountCents: number) =>
  `US$${(amountCents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What the supplier's users are told of the outcome of their dispute. */
function outcomeNotice(
  userId: number,
  resolved: { decision: "ACCEPTED" | "REJECTED"; note: string; cutId: number; acceptedCents: number | null },
  routeName: string,
): UserNotice {
  const accepted = resolved.decision === "ACCEPTED";
  const what = `Su disputa del viaje de la ruta ${routeName} (corte #${resolved.cutId})`;
  const message = accepted
    ? `${what} fue aceptada por ${money(resolved.acceptedCents ?? 0)}; se pagará como ajuste en el próximo corte. Nota: "${resolved.note}"`
    : `${what} fue rechazada. Nota: "${resolved.note}"`;
  return {
    userId,
    title: accepted ? "Disputa aceptada" : "Disputa rechazada",
    message,
    facts: {
      driverName: "",
      driverLastname: "",
      employeeName: "",
      employeeLastname: "",
      comment: resolved.note,
      routeName,
    },
  };
}

/**
 * Disputes on a cut's lines (issue 37, decision 0076): a supplier user disputes a trip of its own
 * in a cut; an admin accepts or rejects it once; both see the history. An accepted dispute is paid
 * as an adjustment line of the next cut made (cuts/cut-adjustments.ts).
 */
export function createDisputeService(db: Db, notifier: Notifier) {
  return {
    /** A supplier's dispute of one of its trips of a cut (404 when the cut or its line is not theirs). */
    async create(
      input: DisputeCreateRequest,
      caller: { userId: number; supplierId: number },
    ): Promise<DisputeCreateResponse> {
      const found = await findCutLine(db, input.cutId, input.intermediateRouteId, caller.supplierId);
      if (!found.cut) throw notFound(DISPUTE_CUT_NOT_FOUND_MESSAGE);
      if (!found.line) throw notFound(DISPUTE_TRIP_NOT_IN_CUT_MESSAGE);
      try {
        const id = await insertDispute(db, {
          cutId: input.cutId,
          tripId: input.intermediateRouteId,
          supplierId: caller.supplierId,
          reason: input.reason,
          claimedCents: toCents(input.claimedAmount),
          createdBy: caller.userId,
        });
        return { id, message: DISPUTE_CREATED_MESSAGE };
      } catch (error) {
        throw (
          duplicateError(error, {
            disputes_open_trip_key: ["intermediateRouteId", DISPUTE_ALREADY_OPEN_MESSAGE],
          }) ?? error
        );
      }
    },

    /**
     * An admin's decision on an OPEN dispute (the amount, for ACCEPTED, defaults to the claimed
     * one; it is ignored for REJECTED). Exactly one of two admins resolving at once wins; the
     * other gets 409. The supplier's users are notified once it committed.
     */
    async resolve(input: DisputeResolveRequest, adminUserId: number): Promise<MessageResponse> {
      const notices = await db.transaction(async (tx) => {
        const row = await resolveOpenDispute(tx, {
          id: input.id,
          decision: input.decision,
          note: input.note,
          amountCents:
            input.decision === "ACCEPTED" && input.amount !== undefined ? toCents(input.amount) : undefined,
          by: adminUserId,
        });
        if (!row) {
          if (!(await disputeExists(tx, input.id))) throw notFound(DISPUTE_NOT_FOUND_MESSAGE);
          throw conflict(DISPUTE_ALREADY_RESOLVED_MESSAGE);
        }
        const audience = await supplierAudience(tx, num(row.supplier_id), num(row.intermediate_route_id));
        const resolved = {
          decision: input.decision,
          note: input.note,
          cutId: num(row.cut_id),
          acceptedCents: row.accepted_cents === null ? null : num(row.accepted_cents),
        };
        return notifier.storeNotices(
          tx,
          audience.userIds.map((userId) => outcomeNotice(userId, resolved, audience.routeName)),
        );
      });
      await notifier.pushNotices(notices);
      return { message: DISPUTE_RESOLVED_MESSAGE };
    },

    /** One page of disputes, newest first; `supplierId` is the caller's scope (or an admin's filter). */
    async list(query: DisputeListQuery, supplierId: number | undefined): Promise<DisputeListResponse> {
      const { amount, rows } = await listDisputes(
        db,
        { cutId: query.cutId, status: query.status, supplierId, criterion: query.criterion },
        { amount: query.amount, skip: query.skip },
      );
      return { amount, list: rows.map(toItem) };
    },
  };
}
