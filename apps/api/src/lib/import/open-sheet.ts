import { Worker } from "node:worker_threads";
import { IMPORT_MESSAGES, IMPORT_READ_SECONDS, type ImportColumn } from "@treiber/contract";
import { HttpError, serviceUnavailable } from "../http-error.js";
import type { SheetJob, SheetReply } from "./read-sheet-worker.js";
import type { OpenedSheet, SheetRow } from "./sheet-types.js";

/**
 * The sheet reader's thread: the TypeScript source under tsx or Vitest (through a small loader),
 * the built entry `dist/read-sheet-worker.js` next to the bundled server otherwise.
 */
const fromSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(
  fromSource ? "./read-sheet-worker-dev.mjs" : "./read-sheet-worker.js",
  import.meta.url,
);

/** Seconds past its budget before a file still being read is stopped from outside (its thread ends). */
const GRACE_SECONDS = 5;
/** A reader left idle this long ends its thread (the next upload starts one again). */
const IDLE_MS = 60_000;
/** Uploads waiting for the reader beyond the one it reads: more is 503 (try again). */
const MAX_WAITING = 4;
/** The reader's heap: a file that needs more is refused as too large once inflated. */
const WORKER_HEAP_MB = 512;
/** The main thread hands the rows on in slices of this many milliseconds, then lets others in. */
const SLICE_MS = 8;

type Job = {
  id: number;
  file: Buffer;
  columns: readonly ImportColumn[];
  seconds: number;
  rows: SheetRow[];
  resolve: (sheet: { warnings: string[]; rows: SheetRow[] }) => void;
  reject: (error: Error) => void;
};

let worker: Worker | undefined;
let current: { job: Job; timer: NodeJS.Timeout; thread: Worker } | undefined;
const waiting: Job[] = [];
let idle: NodeJS.Timeout | undefined;
let nextId = 1;

function stopWorker() {
  const stopping = worker;
  worker = undefined;
  void stopping?.terminate();
}

function finish(job: Job, settle: () => void) {
  if (current?.job !== job) return;
  clearTimeout(current.timer);
  current = undefined;
  settle();
  startNext();
}

function onReply(reply: SheetReply) {
  const job = current?.job;
  if (!job || reply.id !== job.id) return;
  if (reply.kind === "rows") job.rows.push(...reply.rows);
  else if (reply.kind === "done")
    finish(job, () => job.resolve({ warnings: reply.warnings, rows: job.rows }));
  else if (reply.kind === "refused")
    finish(job, () => job.reject(new HttpError(reply.statusCode, reply.message)));
  else finish(job, () => job.reject(new Error(`sheet reader failed: ${reply.message}`)));
}

/** The thread ended without answering: out of memory (a file too big once read) or a crash. */
function onExit(from: Worker) {
  if (worker === from) worker = undefined;
  const job = current?.thread === from ? current.job : undefined;
  if (job) finish(job, () => job.reject(new HttpError(400, IMPORT_MESSAGES.unpackedTooLarge)));
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  started.on("message", onReply);
  started.on("error", () => onExit(started));
  started.on("exit", () => onExit(started));
  // An idle reader never keeps the process alive (tests, commands, a server shutting down).
  started.unref();
  worker = started;
  return started;
}

function startNext() {
  if (current) return;
  const job = waiting.shift();
  if (!job) {
    idle = setTimeout(stopWorker, IDLE_MS);
    idle.unref();
    return;
  }
  clearTimeout(idle);
  const thread = ensureWorker();
  // Its own budget stops a slow file from inside; this one stops a thread that no longer checks.
  const timer = setTimeout(
    () => {
      stopWorker();
      finish(job, () => job.reject(new HttpError(400, IMPORT_MESSAGES.tooSlow)));
    },
    (job.seconds + GRACE_SECONDS) * 1000,
  );
  current = { job, timer, thread };
  const message: SheetJob = { id: job.id, file: job.file, columns: job.columns, seconds: job.seconds };
  thread.postMessage(message);
}

/** Reads a file on the reader's thread, after those already waiting. */
function readOnThread(file: Buffer, columns: readonly ImportColumn[], seconds: number) {
  if (waiting.length >= MAX_WAITING) throw serviceUnavailable(IMPORT_MESSAGES.busy);
  return new Promise<{ warnings: string[]; rows: SheetRow[] }>((resolve, reject) => {
    // Plain data for the thread: the column list without anything a clone would refuse.
    const plain = columns.map(({ key, header, required, rule, example }) => ({
      key,
      header,
      required,
      rule,
      example,
    }));
    waiting.push({ id: nextId++, file, columns: plain, seconds, rows: [], resolve, reject });
    startNext();
  });
}

/** The rows one slice of time at a time: a 50,000-row check never holds the event loop long. */
async function* inSlices(rows: SheetRow[]): AsyncGenerator<SheetRow> {
  let since = performance.now();
  for (const row of rows) {
    if (performance.now() - since > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
    yield row;
  }
}

/**
 * Opens an uploaded .xlsx or .csv against a template's columns (read-sheet.ts says how it is read).
 * The reading and the file's checks run on a thread of their own (issue 32), one file at a time,
 * within `seconds` (400 «tardó más de…» beyond): the event loop keeps answering while a hostile
 * or huge file is read. File-level problems reject this promise with their HttpError; the rows are
 * then handed to the caller in short slices of time.
 */
export async function openSheet(
  file: Buffer,
  columns: readonly ImportColumn[],
  options: { seconds?: number } = {},
): Promise<OpenedSheet> {
  const sheet = await readOnThread(file, columns, options.seconds ?? IMPORT_READ_SECONDS);
  return { warnings: sheet.warnings, rows: { [Symbol.asyncIterator]: () => inSlices(sheet.rows) } };
}
