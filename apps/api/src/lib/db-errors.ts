import { conflict, type HttpError } from "./http-error.js";

/** The PostgreSQL error behind a driver or drizzle error, if any. */
function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === "string" ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** Name of the unique constraint (or index) a write violated, or undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  const pg = pgError(error);
  if (pg?.code !== "23505") return undefined;
  if (pg.constraint) return pg.constraint;
  // PGlite does not always fill `constraint`; the message names the index.
  const message =
    error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
  return /"([a-z_]+)"/.exec(message)?.[1] ?? "unknown";
}

export const isExclusionViolation = (error: unknown) => pgError(error)?.code === "23P01";
export const isForeignKeyViolation = (error: unknown) => pgError(error)?.code === "23503";

/** Unique constraint (or index) → the field and Spanish message its 409 reports. */
export type DuplicateMessages = Readonly<Record<string, readonly [field: string, message: string]>>;

/**
 * A unique violation as the 409 it answers: the constraint's field and message when `messages`
 * names it, else "El registro ya existe". Undefined for any other error.
 */
export function duplicateError(error: unknown, messages: DuplicateMessages): HttpError | undefined {
  const constraint = uniqueViolation(error);
  if (!constraint) return undefined;
  const [field, message] = messages[constraint] ?? ["", "El registro ya existe"];
  return conflict(message, field ? { [field]: message } : undefined);
}

/** A request that met the database gone (terminated connections, failover, server down): 503. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "La base de datos no está disponible, intente de nuevo en unos segundos";
/** A statement or lock wait that ran out of time (`statement_timeout`, `lock_timeout`), a deadlock: 503. */
export const DATABASE_BUSY_MESSAGE = "La base de datos está ocupada, intente de nuevo en unos segundos";

const CONNECT_FAILED = Symbol("treiber.connectFailed");

/** Marks an error met while opening (or waiting for) a pooled connection: the database is unavailable. */
export function markConnectFailure(error: unknown): Error {
  const marked = error instanceof Error ? error : new Error(String(error));
  Object.defineProperty(marked, CONNECT_FAILED, { value: true });
  return marked;
}

// SQLSTATE: connection exceptions (class 08), the server shutting down, starting or killing the
// session (57P01–57P03), no connection slot left (53300).
const UNAVAILABLE_CODES = /^(08...|57P0[123]|53300)$/;
// Statement or lock timeout (57014, 55P03), deadlock (40P01), serialization failure (40001).
const BUSY_CODES = new Set(["57014", "55P03", "40P01", "40001"]);
const SOCKET_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// node-postgres' own words for a connection that ended under a query or a transaction.
const LOST_CONNECTION = /^Connection terminated|is not queryable|^timeout exceeded when trying to connect/;

/**
 * Whether an error (or one of its causes: drizzle wraps the driver's) comes from the database being
 * gone (`unavailable`) or too slow for the limits (`busy`); undefined for any other error.
 */
export function databaseFault(error: unknown): "unavailable" | "busy" | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const candidate = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      [CONNECT_FAILED]?: true;
    };
    if (candidate[CONNECT_FAILED]) return "unavailable";
    const code = typeof candidate.code === "string" ? candidate.code : "";
    if (UNAVAILABLE_CODES.test(code) || SOCKET_ERRORS.has(code)) return "unavailable";
    if (BUSY_CODES.has(code)) return "busy";
    if (typeof candidate.message === "string" && LOST_CONNECTION.test(candidate.message))
      return "unavailable";
    current = candidate.cause;
  }
  return undefined;
}
