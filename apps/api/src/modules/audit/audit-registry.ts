import { getTableName, type SQL, sql } from "drizzle-orm";
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
  emissionFactors,
  employees,
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

/** Secret columns (snake_case as the table names them) never leave the row's JSON. */
const SECRET_COLUMN = "password|secret|hash|token";

/** The key as the column's type (an integer id, or text such as a vehicle type); undefined when not one. */
function keyValue(audited: AuditedTable, id: string): number | string | undefined {
  if (audited.key.columnType === "PgText") return id;
  const value = Number(id);
  return Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
}

/**
 * `entity`'s row that `id` names as JSON without secrets (keys as the table's columns), in SQL:
 * null when there is none.
 */
export function auditedRowSql(audited: AuditedTable, id: string): SQL {
  const value = keyValue(audited, id);
  if (value === undefined) return sql`null::jsonb`;
  const table = sql.identifier(getTableName(audited.table));
  const key = sql.identifier(audited.key.name);
  return sql`(select jsonb_object_agg(e.key, e.value) from ${table} t, jsonb_each(to_jsonb(t)) e
    where t.${key} = ${value} and e.key !~* ${SECRET_COLUMN})`;
}

/** The row `id` names in `entity`'s table, without secrets; undefined when none. */
export async function readAuditedRow(db: Db, audited: AuditedTable, id: string) {
  const result = await db.execute(sql`select ${auditedRowSql(audited, id)} as row`);
  const row = (result as unknown as { rows: { row: unknown }[] }).rows[0]?.row;
  return row && typeof row === "object" ? (row as Record<string, unknown>) : undefined;
}
