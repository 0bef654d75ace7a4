import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { assertDocumentKey } from "./document-key.js";
import type { DocumentStorage } from "./document-storage.js";

/**
 * Documents' files under the data folder (`<dataDir>/documents/<yyyy>/<uuid>`), mode 0600. A file
 * is written to a temporary name and renamed when whole, so a crash never leaves half a file
 * under its key.
 */
export function createLocalDocumentStorage(dataDir: string): DocumentStorage {
  const pathOf = (key: string) => {
    assertDocumentKey(key);
    return join(dataDir, key);
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const partial = `${path}.partial`;
      const file = await open(partial, "wx", 0o600);
      try {
        await file.writeFile(data);
        await file.sync();
      } finally {
        await file.close();
      }
      try {
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      const stream = createReadStream(path);
      // Opened before answering, so a missing file is a 404 rather than a broken 200.
      return new Promise<Readable | undefined>((resolve, reject) => {
        stream.once("open", () => resolve(stream));
        stream.once("error", (error: NodeJS.ErrnoException) =>
          error.code === "ENOENT" ? resolve(undefined) : reject(error),
        );
      });
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
