import {
  BLOCKING_DOCUMENT_TYPES,
  type ComplianceQuery,
  type ComplianceResponse,
  type DocumentOwnerType,
  type DocumentType,
  daysUntil,
  documentStatus,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { pageWindow } from "../../lib/paging.js";
import { type CompliancePaper, compliancePage } from "./compliance-repository.js";

/** Whether an expired paper of this owner and type keeps its driver off the road. */
export const blocksDriver = (ownerType: string, type: string) =>
  ownerType !== "SUPPLIER" && BLOCKING_DOCUMENT_TYPES.includes(type as DocumentType);

/** A paper of «Cumplimiento» as the contract shows it on `today`. */
export function complianceItem(paper: CompliancePaper, today: string) {
  return {
    ...paper,
    ownerType: paper.ownerType as DocumentOwnerType,
    type: paper.type as DocumentType,
    status: documentStatus(paper.expiresOn, today),
    daysLeft: daysUntil(paper.expiresOn, today),
    blocksDriverId: blocksDriver(paper.ownerType, paper.type) ? paper.ownerId : null,
  };
}

/**
 * `GET Document/compliance` («Cumplimiento», decision 0078): the current papers EXPIRING or EXPIRED
 * on the branch office's today, soonest expiry first (or grouped by supplier: `groupBy=supplier`),
 * with the totals of the whole filter. `scope` is
 * the Supplier caller's supplier (null for admins, who may narrow with `supplierId`).
 */
export async function compliance(
  db: Db,
  time: BranchOfficeTime,
  query: ComplianceQuery,
  scope: number | null,
): Promise<ComplianceResponse> {
  const today = time.serviceDay(Date.now());
  const filter = {
    today,
    supplierId: scope ?? query.supplierId,
    status: query.status,
    blocking: query.blocking,
  };
  const order = query.groupBy === "supplier" ? "supplier" : "expiry";
  const { papers, ...totals } = await compliancePage(db, filter, pageWindow(query), order);
  return {
    ...totals,
    amount: totals.expired + totals.expiring,
    list: papers.map((paper) => complianceItem(paper, today)),
  };
}
