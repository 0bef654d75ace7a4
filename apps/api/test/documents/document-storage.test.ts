import { createHash, createHmac } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, type S3Config } from "../../src/config.js";
import { createDocumentService } from "../../src/modules/documents/document-service.js";
import { createDocumentStorage } from "../../src/modules/documents/storage/create-document-storage.js";
import { newDocumentKey } from "../../src/modules/documents/storage/document-key.js";
import type { DocumentStorage } from "../../src/modules/documents/storage/document-storage.js";
import { createLocalDocumentStorage } from "../../src/modules/documents/storage/local-document-storage.js";
import {
  createS3DocumentStorage,
  objectUrl,
} from "../../src/modules/documents/storage/s3-document-storage.js";
import { PDF_BYTES, PNG_BYTES } from "../helpers/document-upload-factories.js";
import { createDriver } from "../helpers/people-factories.js";
import { testConfig, testDatabase } from "../helpers/test-app.js";

async function bytesOf(stream: Readable | undefined) {
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** put, get, delete and a missing key, on any storage. */
async function roundTrip(storage: DocumentStorage) {
  const key = newDocumentKey();
  await storage.put(key, PNG_BYTES, "image/png");
  expect(await bytesOf(await storage.get(key))).toEqual(PNG_BYTES);
  await storage.delete(key);
  expect(await storage.get(key)).toBeUndefined();
  await storage.delete(key);
  expect(await storage.get(newDocumentKey())).toBeUndefined();
}

describe("local document storage", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "treiber-storage-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("keeps files under <dataDir>/documents/<yyyy>/ and leaves no partial file", async () => {
    const storage = createLocalDocumentStorage(dir);
    await roundTrip(storage);
    const key = newDocumentKey(new Date("2031-05-01T00:00:00Z"));
    expect(key).toMatch(/^documents\/2031\/[0-9a-f-]{36}$/);
    await storage.put(key, PDF_BYTES, "application/pdf");
    expect(await readdir(join(dir, "documents", "2031"))).toEqual([key.split("/")[2]]);
  });

  it("is what the app uses under DATA_DIR when no bucket is configured", async () => {
    const storage = createDocumentStorage(testConfig({ DATA_DIR: dir }));
    const key = newDocumentKey(new Date("2032-01-01T00:00:00Z"));
    await storage.put(key, PDF_BYTES, "application/pdf");
    expect(await readdir(join(dir, "documents", "2032"))).toEqual([key.split("/")[2]]);
  });

  it("refuses keys it did not make (no way out of the data folder)", async () => {
    const storage = createLocalDocumentStorage(dir);
    for (const key of ["../secret", "documents/2026/../../jwt-secret", "documents/2026/x", "/etc/passwd"]) {
      await expect(storage.put(key, PDF_BYTES, "application/pdf")).rejects.toThrow();
      await expect(storage.get(key)).rejects.toThrow();
      await expect(storage.delete(key)).rejects.toThrow();
    }
  });
});

/** AWS Signature V4 of a request as received, recomputed here to check the one it carries. */
function signatureHolds(request: IncomingMessage, s3: S3Config): boolean {
  const auth = request.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return false;
  const [, keyId, day, region, signedHeaders = "", signature] = match;
  if (keyId !== s3.accessKeyId || region !== s3.region) return false;
  const names = signedHeaders.split(";");
  if (!["host", "x-amz-content-sha256", "x-amz-date"].every((name) => names.includes(name))) return false;
  const header = (name: string) =>
    String(request.headers[name] ?? "")
      .trim()
      .replace(/\s+/g, " ");
  const [path = "", query = ""] = (request.url ?? "").split("?");
  const canonical = [
    request.method,
    path,
    query,
    `${names.map((name) => `${name}:${header(name)}`).join("\n")}\n`,
    signedHeaders,
    header("x-amz-content-sha256"),
  ].join("\n");
  const sha = (text: string) => createHash("sha256").update(text).digest("hex");
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", header("x-amz-date"), scope, sha(canonical)].join("\n");
  let key: Buffer | string = `AWS4${s3.secretAccessKey}`;
  for (const part of [day ?? "", region ?? "", "s3", "aws4_request"])
    key = createHmac("sha256", key).update(part).digest();
  return createHmac("sha256", key).update(toSign).digest("hex") === signature;
}

describe("S3-compatible document storage", () => {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: string[] = [];
  let server: Server;
  let s3: S3Config;
  let failing = false;

  beforeAll(async () => {
    // The worker's database boots on this thread when test-app.ts is imported: let it finish first.
    await testDatabase();
    server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      seen.push(`${request.method} ${request.url}`);
      if (failing) return response.writeHead(500).end();
      if (!signatureHolds(request, s3)) return response.writeHead(403).end("SignatureDoesNotMatch");
      const path = request.url ?? "";
      if (request.method === "PUT") {
        if (request.headers["x-amz-content-sha256"] !== createHash("sha256").update(body).digest("hex")) {
          return response.writeHead(400).end("XAmzContentSHA256Mismatch");
        }
        objects.set(path, { body, type: String(request.headers["content-type"]) });
        return response.writeHead(200).end();
      }
      const object = objects.get(path);
      if (request.method === "DELETE") {
        objects.delete(path);
        return response.writeHead(204).end();
      }
      if (!object) return response.writeHead(404).end("NoSuchKey");
      return response.writeHead(200, { "content-type": object.type }).end(object.body);
    });
    // Idle sockets kept longer than any test: the client never reuses one the server is closing.
    server.keepAliveTimeout = 600_000;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    s3 = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: "treiber-docs",
      region: "us-test-1",
      accessKeyId: "AKIDTEST",
      secretAccessKey: "secret/key+test",
      forcePathStyle: true,
    };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("puts, gets and deletes objects by path with signed requests and the body's SHA-256", async () => {
    const storage = createS3DocumentStorage(s3);
    await roundTrip(storage);
    expect(seen[0]).toMatch(/^PUT \/treiber-docs\/documents\/\d{4}\/[0-9a-f-]{36}$/);
    const key = newDocumentKey();
    await storage.put(key, PDF_BYTES, "application/pdf");
    expect(objects.get(`/treiber-docs/${key}`)).toEqual({ body: PDF_BYTES, type: "application/pdf" });
  });

  it("fails when the bucket refuses (a wrong secret, a server error)", async () => {
    const wrong = createS3DocumentStorage({ ...s3, secretAccessKey: "another" });
    await expect(wrong.put(newDocumentKey(), PDF_BYTES, "application/pdf")).rejects.toThrow(/403/);
    failing = true;
    try {
      await expect(createS3DocumentStorage(s3).get(newDocumentKey())).rejects.toThrow(/500/);
    } finally {
      failing = false;
    }
  });

  it("addresses a bucket by virtual host unless path style is asked", () => {
    const key = "documents/2026/0f8e7c6a-1b2c-4d3e-8f9a-0b1c2d3e4f5a";
    const aws = { ...s3, endpoint: "https://s3.us-east-1.amazonaws.com", forcePathStyle: false };
    expect(objectUrl(aws, key)).toBe(`https://treiber-docs.s3.us-east-1.amazonaws.com/${key}`);
    expect(objectUrl({ ...aws, endpoint: "https://minio.local:9000/", forcePathStyle: true }, key)).toBe(
      `https://minio.local:9000/treiber-docs/${key}`,
    );
    expect(() => objectUrl(aws, "../other-bucket/x")).toThrow();
  });
});

describe("S3 configuration", () => {
  it("needs bucket and keys together; defaults the region, AWS's endpoint and the path style", () => {
    expect(testConfig().s3).toBeUndefined();
    expect(() => testConfig({ S3_BUCKET: "docs" })).toThrow(ConfigError);
    expect(() => testConfig({ S3_ENDPOINT: "http://minio:9000" })).toThrow(ConfigError);
    expect(() =>
      testConfig({ S3_BUCKET: "Bad_Bucket", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" }),
    ).toThrow(ConfigError);
    expect(() =>
      testConfig({
        S3_BUCKET: "docs",
        S3_ACCESS_KEY_ID: "a",
        S3_SECRET_ACCESS_KEY: "b",
        S3_ENDPOINT: "ftp://x",
      }),
    ).toThrow(ConfigError);
    const keys = { S3_BUCKET: "docs", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" };
    expect(testConfig(keys).s3).toEqual({
      endpoint: "https://s3.us-east-1.amazonaws.com",
      bucket: "docs",
      region: "us-east-1",
      accessKeyId: "a",
      secretAccessKey: "b",
      forcePathStyle: false,
    });
    expect(
      testConfig({ ...keys, S3_ENDPOINT: "http://minio:9000/", S3_REGION: "eu-west-3" }).s3,
    ).toMatchObject({
      endpoint: "http://minio:9000",
      region: "eu-west-3",
      forcePathStyle: true,
    });
    expect(
      testConfig({ ...keys, S3_ENDPOINT: "http://minio:9000", S3_FORCE_PATH_STYLE: "false" }).s3
        ?.forcePathStyle,
    ).toBe(false);
  });
});

describe("an upload whose row cannot be written", () => {
  it("removes the file it had stored", async () => {
    const dir = await mkdtemp(join(tmpdir(), "treiber-storage-"));
    try {
      const local = createLocalDocumentStorage(dir);
      const keys: { put: string[]; deleted: string[] } = { put: [], deleted: [] };
      const storage: DocumentStorage = {
        put: (key, data, type) => {
          keys.put.push(key);
          return local.put(key, data, type);
        },
        get: local.get,
        delete: (key) => {
          keys.deleted.push(key);
          return local.delete(key);
        },
      };
      const { db } = await testDatabase();
      const service = createDocumentService({ db, storage, today: () => "2026-11-12" });
      const { driver } = await createDriver();
      // No such user: the row's uploaded_by reference fails after the file is stored.
      const ghost = { id: 2_000_000_000, role: "Admin" as const };
      const upload = {
        fields: {
          ownerType: "DRIVER" as const,
          ownerId: driver.id,
          type: "LICENSE" as const,
          number: "L",
          expiresOn: "2027-01-01",
          category: "2" as const,
        },
        data: PDF_BYTES,
        contentType: "application/pdf" as const,
        fileName: "licencia.pdf",
      };
      await expect(service.upload(ghost, null, upload)).rejects.toThrow();
      expect(keys.put).toHaveLength(1);
      expect(keys.deleted).toEqual(keys.put);
      expect(await local.get(keys.put[0] ?? "")).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
