import fastifyMultipart from "@fastify/multipart";
import { IMPORT_FILE_FIELD, IMPORT_MAX_BYTES, IMPORT_MESSAGES } from "@treiber/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, HttpError } from "../http-error.js";
import type { ImportUpload } from "./sheet-types.js";

/** Room for the multipart framing and the text fields around the file. */
const FORM_OVERHEAD = 2 * 1024 * 1024;
/** A text field (e.g. skipGeocodeRows: up to 50,000 row numbers). */
const FIELD_MAX_BYTES = 1024 * 1024;

const tooLarge = () => new HttpError(413, IMPORT_MESSAGES.tooLarge);

/**
 * Lets the routes of `scope` (an encapsulated plugin) take multipart/form-data uploads: one file
 * of at most IMPORT_MAX_BYTES (busboy stops keeping bytes beyond it) and a few text fields.
 */
export async function registerImportUpload(scope: FastifyInstance) {
  await scope.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: IMPORT_MAX_BYTES,
      files: 5,
      fields: 20,
      parts: 30,
      fieldSize: FIELD_MAX_BYTES,
      fieldNameSize: 100,
      headerPairs: 100,
    },
  });
}

/**
 * The upload of an import request (`file` plus text fields such as skipGeocodeRows), read from the
 * multipart body as it arrives: 413 when the declared length or the file itself passes
 * IMPORT_MAX_BYTES (reading stops at the limit, nothing beyond it is kept), 400 when there is no
 * `file` part or the request is not multipart. Other file parts are skipped.
 */
export async function receiveImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > IMPORT_MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
  if (!request.isMultipart()) throw badRequest(IMPORT_MESSAGES.noFile);

  const fields: Record<string, string> = {};
  let upload: { file: Buffer; fileName: string } | undefined;
  for await (const part of request.parts()) {
    if (part.type === "field") {
      if (typeof part.value === "string") fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== IMPORT_FILE_FIELD || upload) {
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file) {
      size += (chunk as Buffer).length;
      chunks.push(chunk as Buffer);
      // busboy marks the file at the limit: stop there (leaving the loop destroys the stream,
      // and the plugin stops reading the request).
      if (part.file.truncated || size > IMPORT_MAX_BYTES) break;
    }
    if (part.file.truncated || size > IMPORT_MAX_BYTES) {
      chunks.length = 0;
      throw tooLarge();
    }
    upload = { file: Buffer.concat(chunks, size), fileName: part.filename ?? "" };
  }
  if (!upload) throw badRequest(IMPORT_MESSAGES.noFile);
  return { ...upload, fields };
}
