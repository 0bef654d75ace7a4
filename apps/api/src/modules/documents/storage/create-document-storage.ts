import type { Config } from "../../../config.js";
import type { DocumentStorage } from "./document-storage.js";
import { createLocalDocumentStorage } from "./local-document-storage.js";
import { createS3DocumentStorage } from "./s3-document-storage.js";

/** S3-compatible storage when the config has a bucket, else the data folder. */
export function createDocumentStorage(config: Pick<Config, "dataDir" | "s3">): DocumentStorage {
  return config.s3 ? createS3DocumentStorage(config.s3) : createLocalDocumentStorage(config.dataDir);
}
