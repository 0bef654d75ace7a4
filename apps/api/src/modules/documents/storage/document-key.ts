import { randomUUID } from "node:crypto";

/** `documents/<yyyy>/<uuid>`: by year, so the folder (or the bucket's listing) stays browsable. */
export function newDocumentKey(now = new Date()): string {
  return `documents/${now.getUTCFullYear()}/${randomUUID()}`;
}

/** Only the keys `newDocumentKey` makes: a key never climbs out of the data folder or the bucket. */
const DOCUMENT_KEY_PATTERN =
  /^documents\/\d{4}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function assertDocumentKey(key: string): void {
  if (!DOCUMENT_KEY_PATTERN.test(key)) throw new Error(`clave de documento inválida: ${key}`);
}
