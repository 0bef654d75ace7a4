import fastifyMultipart from "@fastify/multipart";
import {
  DOCUMENT_FILE_MESSAGE,
  DOCUMENT_FILE_REQUIRED_MESSAGE,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_SIZE_MESSAGE,
  type DocumentUploadFields,
  documentUploadFieldsSchema,
  IMPORT_MESSAGES,
} from "@treiber/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, HttpError } from "../../lib/http-error.js";
import { readLimitedFile } from "../../lib/read-limited-file.js";
import { type DocumentContentType, documentFileName, sniffDocumentType } from "./document-file-type.js";

/** The multipart field of the paper's file. */
export const DOCUMENT_FILE_FIELD = "file";
/** Room for the multipart framing and the few text fields around the file. */
const FORM_OVERHEAD = 64 * 1024;
/** A text field: the longest (the number) is 60 characters. */
const FIELD_MAX_BYTES = 1024;

/** A paper received: its fields (validated), its bytes and what they really are. */
export type DocumentUpload = {
  fields: DocumentUploadFields;
  data: Buffer;
  contentType: DocumentContentType;
  /** The name it is kept and downloaded under (the extension of its real type). */
  fileName: string;
};

const tooLarge = () => new HttpError(413, DOCUMENT_SIZE_MESSAGE);
const badFile = () => badRequest(DOCUMENT_FILE_MESSAGE, { [DOCUMENT_FILE_FIELD]: DOCUMENT_FILE_MESSAGE });

/** Lets the routes of `scope` take one paper of at most DOCUMENT_MAX_BYTES and a few text fields. */
export async function registerDocumentUpload(scope: FastifyInstance) {
  await scope.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: DOCUMENT_MAX_BYTES,
      files: 2,
      fields: 12,
      parts: 14,
      fieldSize: FIELD_MAX_BYTES,
      fieldNameSize: 100,
      headerPairs: 100,
    },
  });
}

/** The text fields and the `file` part of the form, read as they arrive (like the imports). */
async function readForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { data: Buffer; name: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (part.valueTruncated) throw badRequest(IMPORT_MESSAGES.brokenUpload);
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== DOCUMENT_FILE_FIELD || file) {
        part.file.resume();
        continue;
      }
      file = {
        data: await readLimitedFile(part.file, DOCUMENT_MAX_BYTES, tooLarge),
        name: part.filename ?? "",
      };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A body cut short, a missing boundary, too many parts: busboy's and the plugin's errors.
    throw badRequest(IMPORT_MESSAGES.brokenUpload);
  }
  return { fields, file };
}

/**
 * The paper of a `POST Document` request: 413 when the declared length or the file passes
 * DOCUMENT_MAX_BYTES (reading stops there), 400 with the field's message when a text field is
 * wrong, when there is no `file` part, or when its bytes are not a PDF, JPG or PNG (judged by
 * content, never by name or declared type).
 */
export async function receiveDocumentUpload(request: FastifyRequest): Promise<DocumentUpload> {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > DOCUMENT_MAX_BYTES + FORM_OVERHEAD) throw tooLarge();
  if (!request.isMultipart()) {
    throw badRequest(DOCUMENT_FILE_REQUIRED_MESSAGE, {
      [DOCUMENT_FILE_FIELD]: DOCUMENT_FILE_REQUIRED_MESSAGE,
    });
  }
  const form = await readForm(request);
  // A form's empty field is a missing one (its «required» message, not «invalid»).
  const given = Object.entries(form.fields).filter(([, value]) => value.trim() !== "");
  const parsed = documentUploadFieldsSchema.safeParse(Object.fromEntries(given));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".") || "body"] ??= issue.message;
    throw badRequest(Object.values(errors)[0] ?? DOCUMENT_FILE_MESSAGE, errors);
  }
  if (!form.file) {
    throw badRequest(DOCUMENT_FILE_REQUIRED_MESSAGE, {
      [DOCUMENT_FILE_FIELD]: DOCUMENT_FILE_REQUIRED_MESSAGE,
    });
  }
  const contentType = sniffDocumentType(form.file.data);
  if (!contentType) throw badFile();
  return {
    fields: parsed.data,
    data: form.file.data,
    contentType,
    fileName: documentFileName(form.file.name, contentType),
  };
}
