import type { Readable } from "node:stream";

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
