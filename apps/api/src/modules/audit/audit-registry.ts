import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import {
  apiKeys,
  branchOffices,
  cuts,
  destinations,
  disputes,
  documents,
  drivers,
  employees,
  emissionFactors,
  incidents,
  incidentThresholds,
  reportSchedules,
  routes,
  routesNotScheduled,
  shifts,
  suppliers,
  users,
  webhooks,
} from "../../db/schema.js";

/**
 * The entities with a table of their own (decision 0084): their row is read before the call and
 * after it, so the trail keeps the fields that changed. `key` is the column the id names, `idField`
 * the body field that carries it when not `id`. Entities not listed keep the request's body.
 */
type AuditedTable = { table: PgTable; key: PgColumn; idField?: string };

const byId = (table: PgTable & { id: PgColumn }, idField?: string): AuditedTable => ({
  table,
  key: table.id,
  ...(idField && { idField }),
});

const REGISTRY: Record<string, AuditedTable> = {
  ApiKey: byId(apiKeys),
  BranchOffice: byId(branchOffices),
  Cut: byId(cuts),
  Destination: byId(destinations),
  Dispute: byId(disputes),
  Document: byId(documents),
  Driver: byId(drivers),
  EmissionFactor: { table: emissionFactors, key: emissionFactors.vehicleType, idField: "vehicleType" },
  Employee: byId(employees),
  Incident: byId(incidents),
  IncidentThresholds: {
    table: incidentThresholds,
    key: incidentThresholds.branchOfficeId,
    idField: "branchOfficeId",
  },
  ReportSchedule: byId(reportSchedules),
  Route: byId(routes),
  RouteNotScheduled: byId(routesNotScheduled),
  Shift: byId(shifts),
  Supplier: byId(suppliers),
  User: byId(users, "userId"),
  Webhook: byId(webhooks),
};

export const auditedTable = (entity: string): AuditedTable | undefined => REGISTRY[entity];

/**
 * Never kept, in a row or a body: passwords and their hashes, keys and their hashes, webhook
 * secrets, tokens and codes sent by e-mail.
 */
const SECRET_KEY = /password|secret|hash|token|^key$|apikey|resetcode|^code$/i;
/** A body larger than this (a whole plan, an import) is kept as its size only. */
const MAX_BODY_CHARS = 16_384;

/** A JSON copy without secrets (dates as ISO strings, buffers and files left out). */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (typeof value !== "object") return value;
  if (depth > 8 || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEY.test(key) || typeof item === "function") continue;
    out[key] = redact(item, depth + 1);
  }
  return out;
}

/** The request's body as kept: redacted, or only its size when large; null when not JSON. */
export function keptBody(body: unknown): unknown {
  if (body === null || typeof body !== "object" || Buffer.isBuffer(body)) return null;
  const kept = redact(body);
  const text = JSON.stringify(kept);
  return text.length > MAX_BODY_CHARS ? { omitido: `cuerpo de ${text.length} caracteres` } : kept;
}

/** The row `id` names in `entity`'s table, redacted; undefined when none (or no table). */
export async function readAuditedRow(db: Db, audited: AuditedTable, id: string) {
  const value = audited.key.columnType === "PgText" ? id : Number(id);
  if (typeof value === "number" && !Number.isSafeInteger(value)) return undefined;
  const [row] = await db.select().from(audited.table).where(eq(audited.key, value)).limit(1);
  return row ? (redact(row) as Record<string, unknown>) : undefined;
}

/** Only the fields that differ (the row's `updatedAt` aside): `{ before, after }` of those fields. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === "updatedAt" || JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changedBefore[key] = before[key] ?? null;
    changedAfter[key] = after[key] ?? null;
  }
  return { before: changedBefore, after: changedAfter };
}
