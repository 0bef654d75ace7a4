import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsClient } from "aws4fetch";
import type { S3Config } from "../../../config.js";
import { assertDocumentKey } from "./document-key.js";
import type { DocumentStorage } from "./document-storage.js";

/** How long S3 may take to answer (the headers; a download then streams at the reader's pace). */
const ANSWER_TIMEOUT_MS = 60_000;

/**
 * Documents' files in S3-compatible storage (AWS S3, MinIO, R2, Ceph…), through plain HTTP signed
 * with AWS Signature V4 (aws4fetch: no dependencies, Node's own fetch and Web Crypto). The upload's
 * body is signed by its SHA-256, so the bucket refuses a file changed on the way.
 */
export function createS3DocumentStorage(s3: S3Config): DocumentStorage {
  const client = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    service: "s3",
    region: s3.region,
    // aws4fetch retries 5xx and 429 with backoff; a few are enough for a request someone waits on.
    retries: 2,
  });
  const urlOf = (key: string) => objectUrl(s3, key);

  /**
   * The request, aborted when S3 has not answered in ANSWER_TIMEOUT_MS. Sent again once when the
   * connection broke (a kept-alive socket the server had just closed): each call is idempotent.
   */
  async function call(key: string, init: RequestInit & { method: string }) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ANSWER_TIMEOUT_MS);
    try {
      return await client
        .fetch(urlOf(key), { ...init, signal: controller.signal })
        .catch((error: unknown) => {
          if (controller.signal.aborted) throw error;
          return client.fetch(urlOf(key), { ...init, signal: controller.signal });
        });
    } finally {
      clearTimeout(timer);
    }
  }
  const refused = (method: string, status: number) =>
    new Error(`almacenamiento S3: ${method} respondió ${status}`);

  return {
    async put(key, data, contentType) {
      const response = await call(key, {
        method: "PUT",
        // A copy on its own ArrayBuffer (what fetch's BodyInit takes); at most DOCUMENT_MAX_BYTES.
        body: new Uint8Array(data),
        headers: {
          "content-type": contentType,
          "x-amz-content-sha256": createHash("sha256").update(data).digest("hex"),
        },
      });
      await drain(response);
      if (!response.ok) throw refused("PUT", response.status);
    },
    async get(key) {
      const response = await call(key, { method: "GET" });
      if (response.status === 404) {
        await drain(response);
        return undefined;
      }
      if (!response.ok || !response.body) {
        await drain(response);
        throw refused("GET", response.status);
      }
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
    async delete(key) {
      const response = await call(key, { method: "DELETE" });
      await drain(response);
      if (!response.ok && response.status !== 404) throw refused("DELETE", response.status);
    },
  };
}

/**
 * Reads an answer's (small: empty or an XML error) body to its end, which frees the connection for
 * the next request; cancelling it instead could leave a kept-alive socket waiting.
 */
async function drain(response: Response) {
  await response.arrayBuffer().catch(() => undefined);
}

/** `endpoint/bucket/key` (path style) or `bucket.endpoint-host/key` (virtual host). */
export function objectUrl(s3: S3Config, key: string): string {
  assertDocumentKey(key);
  const endpoint = new URL(s3.endpoint);
  const base = endpoint.pathname.replace(/\/+$/, "");
  if (s3.forcePathStyle) return `${endpoint.origin}${base}/${s3.bucket}/${key}`;
  return `${endpoint.protocol}//${s3.bucket}.${endpoint.host}${base}/${key}`;
}
