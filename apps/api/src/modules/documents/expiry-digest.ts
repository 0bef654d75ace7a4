import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { createJobTicker } from "../../lib/job-ticker.js";
import type { Mail, Mailer } from "../../mail/mailer.js";
import { type CompliancePaper, compliancePapers } from "./compliance-repository.js";
import { adminDigest, supplierDigest } from "./expiry-digest-mail.js";
import {
  adminRecipients,
  claimDigest,
  finishDigest,
  supplierRecipients,
} from "./expiry-digest-repository.js";

/** When the digest leaves: 07:00 on the branch offices' clock. */
export const DIGEST_MINUTE_OF_DAY = 7 * 60;
export type DigestResult = { day: string; papers: number; suppliers: number; mails: number };

/**
 * The mails of `today` (none when nothing expires): each supplier's active users get their
 * supplier's papers, each active admin every supplier's, grouped by supplier.
 */
export async function digestMails(db: Db, today: string) {
  const papers = await compliancePapers(db, { today });
  if (papers.length === 0) return { mails: [], papers: 0, suppliers: 0 };
  const bySupplier = new Map<number, { supplierName: string; papers: CompliancePaper[] }>();
  for (const paper of papers) {
    const group = bySupplier.get(paper.supplierId) ?? { supplierName: paper.supplierName, papers: [] };
    group.papers.push(paper);
    bySupplier.set(paper.supplierId, group);
  }
  const mails: Mail[] = [];
  const recipients = await supplierRecipients(db, [...bySupplier.keys()]);
  for (const [supplierId, group] of bySupplier) {
    for (const to of recipients.get(supplierId) ?? []) {
      mails.push(supplierDigest(to, group.supplierName, group.papers, today));
    }
  }
  const groups = [...bySupplier.values()].sort((a, b) => a.supplierName.localeCompare(b.supplierName, "es"));
  for (const to of await adminRecipients(db)) mails.push(adminDigest(to, groups, today));
  return { mails, papers: papers.length, suppliers: bySupplier.size };
}

/**
 * The daily digest of papers expiring within 45 days or expired (decision 0078): every `tickMs`,
 * from 07:00 on the branch offices' clock, the instance that inserts the day's
 * `document_digest_runs` row sends it (once a day between instances; a server started later in
 * the day still sends that day's). Nothing is sent when nothing expires.
 */
export function createExpiryDigest(deps: {
  db: Db;
  mailer: Mailer;
  time: BranchOfficeTime;
  tickMs?: number;
  log?: (message: string, facts: object) => void;
  onError?: (error: unknown) => void;
}) {
  const { db, mailer, time } = deps;

  /** Sends the digest of `now`'s day if it is 07:00 or later there and nobody sent it; its result. */
  async function run(now = Date.now()): Promise<DigestResult | undefined> {
    if (time.minuteOfDay(now) < DIGEST_MINUTE_OF_DAY) return undefined;
    const day = time.serviceDay(now);
    if (!(await claimDigest(db, day))) return undefined;
    const { mails, ...counts } = await digestMails(db, day);
    let sent = 0;
    for (const mail of mails) {
      // Stopping mid-way leaves the rest unsent: the day's row is taken, nobody resends it.
      if (ticker.stopped()) break;
      await mailer.send(mail);
      sent++;
    }
    const result: DigestResult = { day, ...counts, mails: sent };
    await finishDigest(db, day, result);
    deps.log?.("resumen de documentos por vencer", result);
    return result;
  }

  const ticker = createJobTicker({ tickMs: deps.tickMs ?? 60_000, run, onError: deps.onError });
  return { run, start: ticker.start, stop: ticker.stop };
}
export type ExpiryDigest = ReturnType<typeof createExpiryDigest>;
