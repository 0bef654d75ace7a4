/**
 * `npm run bench:hostile-import` (issue 32): the probe's hostile files, at the probe's sizes, sent to
 * the collaborators' import preview (`POST …/Employee/import?dryRun=true`) of the built API in its
 * own process on the embedded PGlite, and a valid file of 314 collaborators beside them. While each
 * upload runs, a thread of the bench asks the same server's `/health` every 20 ms: those latencies
 * (how many, p99, max) say whether the server's event loop kept answering. Nothing here asserts a
 * time: the goals (each hostile file refused < 5 s, `/health` max < 100 ms) are printed beside the
 * measurements. The integration test (apps/api/test/imports/hostile-spreadsheets.test.ts) checks the
 * answers on smaller files.
 */
import { once } from "node:events";
import { mkdirSync, rmSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { EMPLOYEE_IMPORT_COLUMNS, IMPORT_FILE_FIELD, IMPORT_MAX_BYTES } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { openDatabase } from "../../apps/api/src/db/client.js";
import { branchOffices } from "../../apps/api/src/db/schema.js";
// The very files the integration test sends (a fixture, not a test).
import { workbook } from "../../apps/api/test/helpers/hand-written-workbook.js";
import { percentile } from "../lib/percentile.js";
import { signIn, startServer } from "./bench-server.js";
import { type CollaboratorRow, collaboratorRows, xlsxOf } from "./import-sheet.js";

const MB = 1_048_576;
const ADMIN = { email: "bench.hostile@treiber.app", password: "Bench12345" };
const REFUSED_GOAL_SECONDS = 5;
const HEALTH_GOAL_MS = 100;
const HEALTH_EVERY_MS = 20;
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The unzipped size of a zip's parts, from its central directory (no comment after it). */
function unzippedBytes(zip: Buffer): number {
  const end = zip.length - 22;
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    total += zip.readUInt32LE(at + 24);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}

const inline = (column: string, row: number, text: string) =>
  `<c r="${column}${row}" t="inlineStr"><is><t>${text}</t></is></c>`;
const letter = (i: number) => String.fromCharCode(65 + i);
const HEADER = `<row r="1">${EMPLOYEE_IMPORT_COLUMNS.map((c, i) => inline(letter(i), 1, c.header)).join("")}</row>`;
const sheet = (rows: string, after = "") =>
  `<worksheet><sheetData>${HEADER}${rows}</sheetData>${after}</worksheet>`;
/** A data row of a valid collaborator, as inline strings. */
const dataRow = (row: number, person: CollaboratorRow) =>
  `<row r="${row}">${EMPLOYEE_IMPORT_COLUMNS.map((c, i) => inline(letter(i), row, person[c.key])).join("")}</row>`;

/** A CSV of the template's columns: the header and the rows, Excel's \r\n after each. */
function csvOf(rows: CollaboratorRow[]): Buffer {
  const quote = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  const lines = [EMPLOYEE_IMPORT_COLUMNS.map((c) => quote(c.header)).join(",")];
  for (const row of rows) lines.push(EMPLOYEE_IMPORT_COLUMNS.map((c) => quote(row[c.key])).join(","));
  return Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8");
}

type Case = {
  label: string;
  hostile: boolean;
  file: Buffer;
  fileName: string;
  type: string;
  /** The bytes the reader faces: the zip's parts unzipped, or the CSV. */
  readBytes: number;
};

async function cases(office: string): Promise<Case[]> {
  const tag = `H${Date.now().toString(36)}`;
  const [person] = collaboratorRows(1, tag, office) as [CollaboratorRow];
  const xlsx = (label: string, file: Buffer, hostile = true): Case => ({
    label,
    hostile,
    file,
    fileName: "colaboradores.xlsx",
    type: XLSX_TYPE,
    readBytes: unzippedBytes(file),
  });
  const cell = '<c r="A1"><v>1</v></c>';
  const csvHead = csvOf([person]);
  // Under the upload limit with room for the multipart envelope, as the integration test sends it.
  const csv = Buffer.concat([csvHead, Buffer.alloc(IMPORT_MAX_BYTES - csvHead.length - 1024, "\n")]);
  // The same without a header: blank rows before it count too (issue 32).
  const headless = Buffer.alloc(IMPORT_MAX_BYTES - 1024, "\n");
  const noCompleteRow = (megabytes: number) =>
    workbook(`<worksheet><sheetData><row r="1">${cell.repeat(Math.floor((megabytes * MB) / cell.length))}`);
  const valid = await xlsxOf(collaboratorRows(314, tag, office));
  return [
    xlsx("128.000 <c> sin cerrar", workbook(sheet(`<row r="2">${"<c>".repeat(128_000)}</row>`))),
    xlsx(
      "128.000 <si> sin cerrar",
      workbook(sheet(dataRow(2, person)), `<sst>${"<si><t>a".repeat(128_000)}</sst>`),
    ),
    xlsx("sin fila completa (16 MB)", noCompleteRow(16)),
    xlsx("sin fila completa (64 MB)", noCompleteRow(64)),
    xlsx(
      "100.000 <mergeCell sin cerrar",
      workbook(
        sheet(dataRow(2, person), `<mergeCells>${'<mergeCell ref="A2:B3"'.repeat(100_000)}</mergeCells>`),
      ),
    ),
    {
      label: "CSV de saltos de línea",
      hostile: true,
      file: csv,
      fileName: "colaboradores.csv",
      type: "text/csv",
      readBytes: csv.length,
    },
    {
      label: "CSV de saltos, sin encabezado",
      hostile: true,
      file: headless,
      fileName: "colaboradores.csv",
      type: "text/csv",
      readBytes: headless.length,
    },
    xlsx("válido, 314 colaboradores", valid, false),
  ];
}

/**
 * The `/health` loop, on a thread of its own: the upload's work in this process (a 15 MB body to
 * send) must not delay its requests. It calls once to warm its connection, says "ready", then asks
 * every 20 ms (the next as soon as the last answered, when it took longer) until told to stop.
 */
const HEALTH_POLLER = `
const { parentPort, workerData } = require("node:worker_threads");
const { setTimeout: sleep } = require("node:timers/promises");
const latencies = [];
let failures = 0;
let running = true;
parentPort.on("message", () => { running = false; });
(async () => {
  await fetch(workerData.url).then((r) => r.arrayBuffer(), () => undefined);
  parentPort.postMessage("ready");
  while (running) {
    const started = performance.now();
    try {
      const response = await fetch(workerData.url);
      await response.arrayBuffer();
      if (!response.ok) failures++;
    } catch {
      failures++;
    }
    const ms = performance.now() - started;
    latencies.push(ms);
    if (ms < workerData.every) await sleep(workerData.every - ms);
  }
  parentPort.postMessage({ latencies, failures });
})();
`;

async function pollHealth(server: string) {
  const worker = new Worker(HEALTH_POLLER, {
    eval: true,
    workerData: { url: `${server}/health`, every: HEALTH_EVERY_MS },
  });
  await once(worker, "message");
  return async () => {
    worker.postMessage("stop");
    const [result] = (await once(worker, "message")) as [{ latencies: number[]; failures: number }];
    await worker.terminate();
    return result;
  };
}

type Measured = {
  status: string;
  message: string;
  seconds: number;
  health: { count: number; failures: number; p99: number; max: number };
};

async function send(server: string, headers: Record<string, string>, one: Case): Promise<Measured> {
  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, new Blob([new Uint8Array(one.file)], { type: one.type }), one.fileName);
  const stopHealth = await pollHealth(server);
  const started = performance.now();
  let status = "—";
  let message = "";
  try {
    const response = await fetch(`${server}${apiPath(API.employee.import)}?dryRun=true`, {
      method: "POST",
      headers,
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    status = String(response.status);
    try {
      const body = JSON.parse(text) as { message?: string; created?: number; invalid?: number };
      message =
        body.message ??
        (body.created !== undefined ? `${body.created} por crear, ${body.invalid} con errores` : text);
    } catch {
      message = text.slice(0, 120);
    }
  } catch (error) {
    status = "error";
    message = error instanceof Error ? error.message : String(error);
  }
  const seconds = (performance.now() - started) / 1000;
  const { latencies, failures } = await stopHealth();
  return {
    status,
    message,
    seconds,
    health: {
      count: latencies.length,
      failures,
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
    },
  };
}

const size = (bytes: number) =>
  bytes >= 1000 * 1024 ? `${(bytes / MB).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
const yes = (ok: boolean) => (ok ? "sí" : "NO");

async function main() {
  const loadAtStart = loadavg();
  const dataDir = "/tmp/treiber-bench-hostile-pglite";
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const database = await openDatabase({ dataDir: join(dataDir, "pglite") });
  await database.migrate();
  const [office] = await database.db
    .insert(branchOffices)
    .values({ name: "Sede bench hostil", address: "Av. Abraham Lincoln 1" })
    .returning({ name: branchOffices.name });
  await database.close();
  if (!office) throw new Error("no branch office");

  const files = await cases(office.name);
  const { child, server } = await startServer({ DATA_DIR: dataDir }, ADMIN);
  const results: [Case, Measured][] = [];
  try {
    const headers = await signIn(server, ADMIN);
    for (const one of files) results.push([one, await send(server, headers, one)]);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  }

  console.log(
    `\nbench:hostile-import · ${availableParallelism()} CPU · Node ${process.version} · carga media al empezar ${loadAtStart.map((l) => l.toFixed(2)).join(" / ")} (1 / 5 / 15 min)`,
  );
  console.log(
    "\narchivo                          enviado  leído    estado  respuesta (s)  < 5 s  /health n  p99 (ms)  máx (ms)  < 100 ms  mensaje",
  );
  for (const [one, r] of results) {
    const refusedInTime = one.hostile
      ? yes(r.status.startsWith("4") && r.seconds < REFUSED_GOAL_SECONDS)
      : "—";
    console.log(
      one.label.padEnd(31),
      size(one.file.length).padStart(8),
      size(one.readBytes).padStart(8),
      r.status.padStart(7),
      r.seconds.toFixed(2).padStart(14),
      refusedInTime.padStart(6),
      `${r.health.count}${r.health.failures ? ` (${r.health.failures} fallos)` : ""}`.padStart(10),
      r.health.p99.toFixed(1).padStart(9),
      r.health.max.toFixed(1).padStart(9),
      yes(r.health.max < HEALTH_GOAL_MS && r.health.failures === 0).padStart(9),
      ` ${r.message}`,
    );
  }
  console.log(
    `\nObjetivos: cada archivo hostil rechazado (4xx) en < ${REFUSED_GOAL_SECONDS} s; /health (cada ${HEALTH_EVERY_MS} ms durante la subida) máx < ${HEALTH_GOAL_MS} ms. Carga media al terminar ${loadavg()[0]?.toFixed(2)}.`,
  );
}

await main();
