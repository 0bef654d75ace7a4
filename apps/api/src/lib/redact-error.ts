/**
 * Logs must not carry personal data: a failed query's error (drizzle's `DrizzleQueryError`) holds
 * its SQL parameters (names, e-mails…) in `params` and at the end of its message, and PostgreSQL's
 * `detail` repeats the offending values ("Key (email)=(ana@x.do) already exists."). The SQL text
 * itself, with `$1` placeholders, and the error code stay: they are what a developer needs.
 */
const REDACTED = "[redactado]";
const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/;
// PostgreSQL quotes the value it could not read: `invalid input syntax for type integer: "ana"`.
const INVALID_INPUT = /(invalid input (?:syntax|value) for [^:\n]*: )"[^\n]*"/g;

/** A message or stack without the `params: …` part drizzle appends to a failed query. */
export const redactQueryText = (text: string) =>
  text.replace(PARAMS_LINE, `\nparams: ${REDACTED}`).replace(INVALID_INPUT, `$1${REDACTED}`);

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Pino's `err` serializer: type, message, stack and own fields, with parameters and details redacted. */
export function redactError(error: Error, depth = 0): SerializedError {
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: redactQueryText(String(error.message)),
    stack: redactQueryText(error.stack ?? ""),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === "cause") continue;
    if (key === "params" || key === "detail" || key === "parameters") out[key] = REDACTED;
    else if (typeof value !== "function") out[key] = value;
  }
  const { cause } = error;
  if (cause !== undefined) {
    out.cause = cause instanceof Error && depth < 5 ? redactError(cause, depth + 1) : REDACTED;
  }
  return out;
}
