import fastifyMultipart from "@fastify/multipart";
import { IMPORT_FILE_FIELD, IMPORT_MAX_BYTES, IMPORT_MESSAGES } from "@treiber/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, HttpError } from "../http-error.js";
import { readLimitedFile } from "../read-limited-file.js";
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
  // Once per scope (a scope may hold both the collaborators' and the drivers' routes).
  if (scope.hasContentTypeParser("multipart/form-data")) return;
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
 * `file` part, the request is not multipart or the form is broken (cut short, no boundary, too
 * many parts, a text field over 1 MB). Other file parts are skipped.
 */
export async function receiveImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > IMPORT_MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
  if (!request.isMultipart()) throw badRequest(IMPORT_MESSAGES.noFile);

  const fields: Record<string, string> = {};
  let upload: { file: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (part.valueTruncated) throw badRequest(IMPORT_MESSAGES.brokenUpload);
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== IMPORT_FILE_FIELD || upload) {
        part.file.resume();
        continue;
      }
      upload = {
        file: await readLimitedFile(part.file, IMPORT_MAX_BYTES, tooLarge),
        fileName: part.filename ?? "",
      };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A body cut short, a missing boundary, too many parts: busboy's and the plugin's errors.
    throw badRequest(IMPORT_MESSAGES.brokenUpload);
  }
  if (!upload) throw badRequest(IMPORT_MESSAGES.noFile);
  return { ...upload, fields };
}
