import type { Readable } from "node:stream";
import type { Config } from "../../../config.js";
import { createLocalDocumentStorage } from "./local-document-storage.js";
import { createS3DocumentStorage } from "./s3-document-storage.js";

/**
 * Where documents' files live (issue 37, decision 0075): a key such as `documents/2026/<uuid>`
 * names one file; the row in `documents` keeps the key, never a path or a URL. Nothing here
 * checks who may read a file: the routes do, before `get`.
 */
export type DocumentStorage = {
  /** Writes the whole file under `key` (a new key each time: files are never overwritten). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream; `undefined` when the key holds nothing. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the file; nothing to remove is not an error. */
  delete(key: string): Promise<void>;
};

/** S3-compatible storage when the config has a bucket, else the data folder. */
export function createDocumentStorage(config: Pick<Config, "dataDir" | "s3">): DocumentStorage {
  return config.s3 ? createS3DocumentStorage(config.s3) : createLocalDocumentStorage(config.dataDir);
}
