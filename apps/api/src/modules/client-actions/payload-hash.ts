import { createHash } from "node:crypto";

/** JSON with object keys sorted at every level and undefined members left out. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
  return `{${members.join(",")}}`;
}

/**
 * What an action id is bound to (issue 21): the call's kind and its validated body without the
 * `actionId`, as SHA-256 of their canonical JSON. The same id with another payload is refused.
 */
export function payloadHash(kind: string, body: Record<string, unknown>): string {
  const { actionId: _actionId, ...payload } = body;
  return createHash("sha256").update(canonicalJson({ kind, payload })).digest("base64url");
}
