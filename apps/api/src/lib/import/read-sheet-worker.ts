// The sheet reader's thread (issue 32): reads one uploaded file at a time (read-sheet.ts) and posts
// its rows in batches as they are read, then its notes, or the HttpError that refused it. Started by open-sheet.ts; built as its
// own entry (scripts/api-build.mjs) so the built server finds it next to itself.
import { parentPort } from "node:worker_threads";
import type { ImportColumn } from "@treiber/contract";
import { HttpError } from "../http-error.js";
import { readSheet } from "./read-sheet.js";
import type { SheetRow } from "./sheet-types.js";

export type SheetJob = { id: number; file: Uint8Array; columns: readonly ImportColumn[]; seconds: number };
export type SheetReply =
  | { id: number; kind: "rows"; rows: SheetRow[] }
  | { id: number; kind: "done"; warnings: string[] }
  | { id: number; kind: "refused"; statusCode: number; message: string }
  | { id: number; kind: "failed"; message: string };

// csv-parse builds an Error (with its stack) for every row shorter than the header, blank ones
// included, even when told to accept them: without stacks, a file of blank lines reads 2.4× faster.
// Nothing on this thread needs a stack: what it tells the server is a message.
Error.stackTraceLimit = 0;

/** Rows per message: the main thread takes each batch in a few milliseconds. */
const BATCH = 1_000;

async function run(job: SheetJob): Promise<void> {
  const post = (reply: SheetReply) => parentPort?.postMessage(reply);
  let batch: SheetRow[] = [];
  try {
    const file = Buffer.from(job.file.buffer, job.file.byteOffset, job.file.byteLength);
    const deadline = performance.now() + job.seconds * 1000;
    // Posted as they are read: a copy crosses, and the file's text behind each row can go.
    const sheet = await readSheet(
      file,
      job.columns,
      (row) => {
        batch.push(row);
        if (batch.length < BATCH) return;
        post({ id: job.id, kind: "rows", rows: batch });
        batch = [];
      },
      deadline,
    );
    if (batch.length > 0) post({ id: job.id, kind: "rows", rows: batch });
    post({ id: job.id, kind: "done", warnings: sheet.warnings });
  } catch (error) {
    if (error instanceof HttpError) {
      post({ id: job.id, kind: "refused", statusCode: error.statusCode, message: error.message });
    } else
      post({ id: job.id, kind: "failed", message: error instanceof Error ? error.message : String(error) });
  }
}

// One job at a time: the main thread sends the next one after this one's last message.
parentPort?.on("message", (job: SheetJob) => void run(job));
