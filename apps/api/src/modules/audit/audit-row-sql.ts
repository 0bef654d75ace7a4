import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
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

/** Secret columns (snake_case as the table names them) never leave the row's JSON. */
const SECRET_COLUMN = /password|secret|hash|token/i;

/** Each table's secret columns, found once. */
const secretColumns = new WeakMap<PgTable, string[]>();

/** `to_jsonb` of the table's row `t` without its secret columns. */
function rowJson(audited: AuditedTable): SQL {
  let secrets = secretColumns.get(audited.table);
  if (!secrets) {
    secrets = Object.values(getTableColumns(audited.table))
      .map((column) => column.name)
      .filter((name) => SECRET_COLUMN.test(name));
    secretColumns.set(audited.table, secrets);
  }
  if (!secrets.length) return sql`to_jsonb(t)`;
  return sql`(to_jsonb(t) - array[${sql.join(
    secrets.map((name) => sql`${name}`),
    sql`, `,
  )}]::text[])`;
}

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
  return sql`(select ${rowJson(audited)} from ${table} t where t.${key} = ${value})`;
}

/** The row `id` names in `entity`'s table, without secrets; undefined when none. */
export async function readAuditedRow(db: Db, audited: AuditedTable, id: string) {
  const result = await db.execute(sql`select ${auditedRowSql(audited, id)} as row`);
  const row = (result as unknown as { rows: { row: unknown }[] }).rows[0]?.row;
  return row && typeof row === "object" ? (row as Record<string, unknown>) : undefined;
}
