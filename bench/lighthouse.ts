/**
 * `npm run bench:lighthouse [--base=http://host:port] [path or URL…]`: Lighthouse (the npm package,
 * performance category, its default mobile preset: a mid-range phone, simulated slow 4G and 4× CPU
 * slowdown) against the real built app, in the system Chromium headless (chrome-launcher, the flags
 * of the e2e). Paths default to `/app/` (Treiber App's first screen: sign-in when signed out);
 * back-office pages work the same (`npm run bench:lighthouse -- /app/ /login`). Prints the score,
 * FCP, LCP, TBT, CLS, Speed Index, the bytes transferred (all, and JavaScript) and what costs most.
 *
 * Without `--base` (or LIGHTHOUSE_BASE_URL) it starts the built app itself (`node scripts/start.mjs`,
 * which builds the front ends when stale) on BENCH_PORT (8931) with a fresh embedded database.
 * Each URL runs LIGHTHOUSE_RUNS times (3); the run with the median score is printed, with every
 * run's score, and the performance audits that did not pass (what costs the most).
 *
 * Env: CHROME_PATH (/usr/bin/chromium), LIGHTHOUSE_RUNS (3), BENCH_PORT (8931),
 * LIGHTHOUSE_JSON (a folder: each median report saved there as JSON). Nothing is asserted.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { HEADLESS_FLAGS } from "../e2e/tests/field-fixtures.js";
import { type BuiltServer, startBuiltServer } from "./field/built-server.js";

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

const args = process.argv.slice(2);
const baseArg = args.find((arg) => arg.startsWith("--base="))?.slice("--base=".length);
const paths = args.filter((arg) => !arg.startsWith("--"));
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const jsonDir = process.env.LIGHTHOUSE_JSON;

const server: BuiltServer | null =
  (baseArg ?? process.env.LIGHTHOUSE_BASE_URL)
    ? null
    : await startBuiltServer(Number(process.env.BENCH_PORT ?? 8931), "lighthouse");
const base = server?.baseUrl ?? baseArg ?? process.env.LIGHTHOUSE_BASE_URL ?? "";
const urls = (paths.length > 0 ? paths : ["/app/"]).map((path) => new URL(path, base).toString());

const audit = (result: Result, id: string) => result.audits[id];
const numeric = (result: Result, id: string) => audit(result, id)?.numericValue ?? Number.NaN;
const score = (result: Result) => Math.round((result.categories.performance?.score ?? 0) * 100);

async function runOnce(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", ...HEADLESS_FLAGS],
  });
  try {
    const answer = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    if (!answer) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
    if (answer.lhr.runtimeError) throw new Error(`${url}: ${answer.lhr.runtimeError.message}`);
    return answer.lhr;
  } finally {
    chrome.kill();
  }
}

function print(url: string, result: Result, scores: number[]) {
  const ms = (id: string) => `${Math.round(numeric(result, id))} ms`;
  const kb = (numeric(result, "total-byte-weight") / 1024).toFixed(1);
  console.log(`\n${url}`);
  console.log(`  Rendimiento: ${score(result)} / 100  (ejecuciones: ${scores.join(", ")}; mediana)`);
  console.log(
    `  FCP ${ms("first-contentful-paint")} · LCP ${ms("largest-contentful-paint")} · TBT ${ms("total-blocking-time")} · CLS ${numeric(result, "cumulative-layout-shift").toFixed(3)} · Speed Index ${ms("speed-index")}`,
  );
  const requests = (audit(result, "network-requests")?.details as { items?: unknown[] } | undefined)?.items;
  console.log(`  Transferencia total: ${kb} KB en ${requests?.length ?? "?"} peticiones`);
  const resources = (
    audit(result, "resource-summary")?.details as
      | { items?: { resourceType?: string; transferSize?: number; requestCount?: number }[] }
      | undefined
  )?.items;
  const scripts = resources?.find((item) => item.resourceType === "script");
  if (scripts) {
    console.log(
      `  JavaScript: ${((scripts.transferSize ?? 0) / 1024).toFixed(1)} KB en ${scripts.requestCount ?? "?"} archivos`,
    );
  }
  // What the performance category flags (a score below 0.9 with something to say), worst first.
  const refs = result.categories.performance?.auditRefs ?? [];
  const flagged = refs
    .map((ref) => audit(result, ref.id))
    .filter(
      (item): item is NonNullable<typeof item> =>
        !!item && item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== "informative",
    )
    .filter(
      (item) =>
        !/^(first-contentful-paint|largest-contentful-paint|total-blocking-time|cumulative-layout-shift|speed-index)$/.test(
          item.id,
        ),
    )
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
  if (flagged.length > 0) {
    console.log("  Señalado:");
    for (const item of flagged.slice(0, 8)) {
      console.log(`    - ${item.title}${item.displayValue ? ` (${item.displayValue})` : ""}`);
    }
  }
}

try {
  let header = false;
  for (const url of urls) {
    const results: Result[] = [];
    for (let i = 0; i < runs; i++) results.push(await runOnce(url));
    const sorted = [...results].sort((a, b) => score(a) - score(b));
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    if (!median) continue;
    if (!header) {
      console.log(
        `Lighthouse ${median.lighthouseVersion}, rendimiento, perfil móvil por defecto (CPU ×4, 4G lenta simulada), ${median.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? "Chromium"} headless`,
      );
      header = true;
    }
    print(
      url,
      median,
      results.map((result) => score(result)),
    );
    if (jsonDir) {
      mkdirSync(jsonDir, { recursive: true });
      const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "root";
      writeFileSync(join(jsonDir, `${name}.json`), JSON.stringify(median, null, 2));
    }
  }
} finally {
  await server?.stop();
}
