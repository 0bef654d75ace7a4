/**
 * Build report of the back office (`npm run bench:web-size`): reads the built apps/web (WEB_DIST_DIR
 * or apps/web/dist, built first when missing or older than its sources) and prints the gzip size of
 * the JavaScript `/login` loads (the entry script of index.html, the route modules of `/login`, the
 * default layout and the login page, and every chunk they import statically, as Vite's manifest
 * lists them), the largest chunk and every chunk over the per-chunk goal.
 * Goals (issue 13): `/login` ≤ 120 KB of JS gzip, every chunk ≤ 100 KB gzip; exits 1 over either.
 * CI runs it as the `web-size` check (sizes are deterministic for a given lockfile).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

export const LOGIN_GOAL_KB = 120;
export const CHUNK_GOAL_KB = 100;
/**
 * What `/login` loads: the entry, and the modules of its matched routes when they are chunks of
 * their own (today they are part of the entry: no manifest key of their own).
 */
export const LOGIN_MODULES = ["index.html", "src/layouts/default-layout.tsx", "src/pages/login-page.tsx"];

/**
 * @typedef {{ file: string, imports?: string[], dynamicImports?: string[], isEntry?: boolean }} ManifestChunk
 * @typedef {{ file: string, kb: number }} Sized
 */

/** @param {string} distDir @param {string} file */
const gzipKb = (distDir, file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length / 1024;

/**
 * Sizes of a built back office: the JS `/login` loads, every JS chunk (largest first) and those
 * over the per-chunk goal.
 * @param {string} distDir
 */
export function webSizeReport(distDir) {
  const manifestPath = join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`Falta ${manifestPath}: compile con build.manifest`);
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));

  /** Files of `keys` and of everything they import statically (what the browser fetches). */
  const staticClosure = (/** @type {string[]} */ keys) => {
    const files = new Set();
    const seen = new Set();
    const visit = (/** @type {string} */ key) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`El manifiesto no tiene ${key}`);
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) if (key === "index.html" || manifest[key]) visit(key);
    return [...files];
  };

  /** @param {string[]} files @returns {Sized[]} */
  const sized = (files) =>
    files
      .filter((file) => file.endsWith(".js"))
      .map((file) => ({ file, kb: gzipKb(distDir, file) }))
      .sort((a, b) => b.kb - a.kb);

  const login = sized(staticClosure(LOGIN_MODULES));
  const loginKb = login.reduce((sum, chunk) => sum + chunk.kb, 0);
  const chunks = sized([...new Set(Object.values(manifest).map((chunk) => chunk.file))]);
  const over = chunks.filter((chunk) => chunk.kb > CHUNK_GOAL_KB);
  return { login, loginKb, chunks, over, ok: loginKb <= LOGIN_GOAL_KB && over.length === 0 };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === new URL(import.meta.url).pathname;
if (isMain) {
  const root = new URL("..", import.meta.url).pathname;
  const { ensureWebBuild } = await import("./web-build.mjs");
  ensureWebBuild();
  const distDir = resolve(process.env.WEB_DIST_DIR ?? join(root, "apps/web/dist"));
  const report = webSizeReport(distDir);
  const line = (/** @type {Sized} */ chunk) =>
    `  ${chunk.file.padEnd(52)} ${chunk.kb.toFixed(1).padStart(7)} KB`;

  console.log(`Back office (${distDir}): JavaScript de /login, gzip`);
  for (const chunk of report.login) console.log(line(chunk));
  const loginOk = report.loginKb <= LOGIN_GOAL_KB;
  console.log(
    `  Total: ${report.loginKb.toFixed(1)} KB en ${report.login.length} archivos (meta ≤ ${LOGIN_GOAL_KB} KB) ${loginOk ? "✔" : "✘"}`,
  );
  console.log(`\nTrozos más grandes (de ${report.chunks.length}), gzip:`);
  for (const chunk of report.chunks.slice(0, 8)) console.log(line(chunk));
  const [largest] = report.chunks;
  if (largest) {
    console.log(
      `  Mayor: ${largest.file} ${largest.kb.toFixed(1)} KB (meta ≤ ${CHUNK_GOAL_KB} KB por trozo) ${report.over.length === 0 ? "✔" : "✘"}`,
    );
  }
  if (report.over.length > 0) {
    console.log(`\nSobre la meta de ${CHUNK_GOAL_KB} KB:`);
    for (const chunk of report.over) console.log(line(chunk));
  }
  if (!report.ok) process.exitCode = 1;
}
