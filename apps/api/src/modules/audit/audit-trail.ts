import { isIP } from "node:net";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { keptBody } from "./audit-body.js";
import { type AuditOperation, auditOperation } from "./audit-operation.js";
import { type AuditEntry, insertAuditEntry } from "./audit-repository.js";
import { auditedRowSql, auditedTable, readAuditedRow } from "./audit-row-sql.js";

/** What the trail knows of a call between its preHandler and its onSend. */
type Pending = AuditOperation & { entityId?: string; before?: Record<string, unknown> };

/** The caller as helper I's API keys name it (`request.user.apiKey`), when a key made the call. */
type Caller = { id?: unknown; apiKey?: { id?: unknown } };

const asId = (value: unknown): string | undefined =>
  (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && value !== "")
    ? String(value).slice(0, 60)
    : undefined;

const positiveInt = (value: unknown) =>
  typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;

/** The id the call names: the path's `id` (or its only parameter), else the body's. */
function requestedId(request: FastifyRequest, idField: string | undefined): string | undefined {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const fromParams = asId(params.id) ?? asId(Object.values(params)[0]);
  if (fromParams) return fromParams;
  if (typeof body !== "object" || Buffer.isBuffer(body)) return undefined;
  return (idField && asId(body[idField])) || asId(body.id);
}

/** The `id` of a JSON answer (a create's new id), when small enough to look at. */
function answeredId(payload: unknown): string | undefined {
  if (typeof payload !== "string" || payload.length > 65_536 || !payload.startsWith("{")) return undefined;
  try {
    return asId((JSON.parse(payload) as Record<string, unknown>).id);
  } catch {
    return undefined;
  }
}

/**
 * The audit trail (issue 39, decision 0084): every successful change through the API is written to
 * `audit_log` before its answer leaves (onSend), with who (user or API key), from where, the
 * operation and the fields before and after. A failure is logged and never fails the call.
 */
export function registerAuditTrail(app: FastifyInstance, db: Db) {
  const pending = new WeakMap<FastifyRequest, Pending>();

  app.addHook("preHandler", async (request) => {
    const operation = auditOperation(request.method, request.routeOptions.url);
    if (!operation) return;
    const state: Pending = { ...operation };
    pending.set(request, state);
    try {
      const audited = auditedTable(operation.entity);
      state.entityId = requestedId(request, audited?.idField);
      if (audited && state.entityId && operation.action !== "create") {
        state.before = await readAuditedRow(db, audited, state.entityId);
      }
    } catch (error) {
      request.log.error({ err: error }, "auditoría: no se pudo leer la fila anterior");
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const state = pending.get(request);
    if (!state || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    pending.delete(request);
    await record(db, request, state, payload, request.log);
    return payload;
  });
}

async function record(
  db: Db,
  request: FastifyRequest,
  state: Pending,
  payload: unknown,
  log: FastifyBaseLogger,
) {
  try {
    const caller = request.user as Caller | undefined;
    const apiKeyId = positiveInt(caller?.apiKey?.id);
    const entityId = state.entityId ?? answeredId(payload) ?? null;
    const audited = auditedTable(state.entity);
    const entry: AuditEntry = {
      userId: apiKeyId === null ? positiveInt(caller?.id) : null,
      apiKeyId,
      entity: state.entity,
      entityId,
      action: state.action,
      before: state.before ?? null,
      body: keptBody(request.body),
      ip: isIP(request.ip) ? request.ip : null,
    };
    await insertAuditEntry(db, entry, audited && entityId ? auditedRowSql(audited, entityId) : undefined);
  } catch (error) {
    log.error(
      { err: error, entity: state.entity, action: state.action },
      "auditoría: no se pudo registrar el cambio",
    );
  }
}
