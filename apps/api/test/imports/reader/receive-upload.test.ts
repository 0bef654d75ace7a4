import { Readable } from "node:stream";
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from "@treiber/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receiveImportUpload, registerImportUpload } from "../../../src/lib/import/receive-import-upload.js";
import { registerErrorHandler } from "../../../src/plugins/error-handler.js";
import { multipart } from "./fixtures.js";

let app: FastifyInstance;

beforeAll(async () => {
  // A throwaway route on a tiny app with the API's error handler: the upload layer alone.
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(async (scope) => {
    await registerImportUpload(scope);
    scope.post("/upload", async (request) => {
      const upload = await receiveImportUpload(request);
      return {
        size: upload.file.length,
        head: upload.file.subarray(0, 8).toString("latin1"),
        fileName: upload.fileName,
        fields: upload.fields,
      };
    });
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (body: Buffer | Readable, contentType: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/upload",
    payload: body,
    headers: { "content-type": contentType, ...headers },
  });

describe("receiveImportUpload", () => {
  it("returns the file, its name and the text fields (before or after the file)", async () => {
    const { body, contentType } = multipart([
      { name: "skipGeocodeRows", value: "3,7" },
      { name: "file", fileName: "Colaboradores.csv", content: Buffer.from("Código;Nombre\nE-1;Ana\n") },
      { name: "note", value: "después" },
    ]);
    const response = await post(body, contentType);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      size: 23,
      head: "CÃ³digo;",
      fileName: "Colaboradores.csv",
      fields: { skipGeocodeRows: "3,7", note: "después" },
    });
  });

  it(`takes a file of exactly ${IMPORT_MAX_BYTES / 1024 / 1024} MB`, async () => {
    const { body, contentType } = multipart([
      { name: "file", fileName: "grande.csv", content: Buffer.alloc(IMPORT_MAX_BYTES, 0x41) },
    ]);
    const response = await post(body, contentType);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.json().size).toBe(IMPORT_MAX_BYTES);
  });

  it("refuses a 30 MB upload with 413 before reading it (declared length)", async () => {
    const { body, contentType } = multipart([
      { name: "file", fileName: "enorme.xlsx", content: Buffer.alloc(30 * 1024 * 1024, 0x41) },
    ]);
    const response = await post(body, contentType);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ statusCode: 413, message: IMPORT_MESSAGES.tooLarge });
  });

  it("refuses a file one byte over the limit with 413 while it arrives (counted, not declared)", async () => {
    const { body, contentType } = multipart([
      { name: "file", fileName: "enorme.csv", content: Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41) },
    ]);
    // Sent in pieces, as a client streaming its upload would; its length is within the form's room,
    // so the file's own bytes are counted.
    const pieces = Array.from({ length: Math.ceil(body.length / 65_536) }, (_, i) =>
      body.subarray(i * 65_536, (i + 1) * 65_536),
    );
    const response = await post(Readable.from(pieces), contentType);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(IMPORT_MESSAGES.tooLarge);
  });

  it("400 without a file: only fields, another field name, or not multipart at all", async () => {
    const fieldsOnly = multipart([{ name: "skipGeocodeRows", value: "2" }]);
    const otherName = multipart([{ name: "archivo", fileName: "a.csv", content: Buffer.from("x") }]);
    for (const { body, contentType } of [fieldsOnly, otherName]) {
      const response = await post(body, contentType);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(IMPORT_MESSAGES.noFile);
    }
    const json = await post(Buffer.from('{"file":"x"}'), "application/json");
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(IMPORT_MESSAGES.noFile);
  });

  it("an empty file is still a file (the reader answers «La hoja está vacía»)", async () => {
    const { body, contentType } = multipart([
      { name: "file", fileName: "vacio.csv", content: Buffer.alloc(0) },
    ]);
    const response = await post(body, contentType);
    expect(response.statusCode).toBe(200);
    expect(response.json().size).toBe(0);
  });
});
