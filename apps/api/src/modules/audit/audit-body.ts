/** What the trail keeps of a request body (decision 0084): no secrets, no large bodies. */

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
