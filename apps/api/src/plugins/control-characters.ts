import { CONTROL_CHARACTER_MESSAGE, hasForbiddenControl } from "@treiber/contract";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../lib/http-error.js";

const MAX_DEPTH = 64;

/** The path (`field.0.name`) of the first string holding a control character no field accepts. */
export function findControlCharacter(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === "string") return hasForbiddenControl(value) ? path : undefined;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH || Buffer.isBuffer(value)) {
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = hasForbiddenControl(key)
      ? path || key
      : findControlCharacter(item, path ? `${path}.${key}` : key, depth + 1);
    if (at !== undefined) return at;
  }
  return undefined;
}

/**
 * Every request's query, parameters and JSON body are checked for control characters before any
 * schema (issue 12, decision 0024): PostgreSQL refuses NUL in text, so a NUL that reached a query
 * answered 500. The contract's text schemas say the same per field (single-line text allows none,
 * multi-line text tab and line breaks); this net also covers passwords, tokens and any string
 * a schema forgot.
 */
export function registerControlCharacterGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    for (const [part, value] of [
      ["querystring", request.query],
      ["params", request.params],
      ["body", request.body],
    ] as const) {
      const at = findControlCharacter(value, "");
      if (at !== undefined) {
        throw badRequest(CONTROL_CHARACTER_MESSAGE, { [at || part]: CONTROL_CHARACTER_MESSAGE });
      }
    }
  });
}
