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
