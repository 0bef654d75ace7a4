// Every relative link in README.md and docs/**/*.md (and the other Markdown files
// of the repository) must point at an existing file, and an #anchor at an existing
// heading of that file (GitHub's heading slugs). Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const skip = new Set(["node_modules", ".git", "dist", "data", "test-results", "playwright-report"]);

/** @param {string} dir @returns {string[]} */
function markdownFiles(dir) {
  /** @type {string[]} */
  const found = [];
  for (const name of readdirSync(dir)) {
    if (skip.has(name) || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...markdownFiles(path));
    else if (name.endsWith(".md")) found.push(path);
  }
  return found;
}

/** Drops fenced code blocks and inline code, where brackets are not links. @param {string} text */
function prose(text) {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** @param {string} heading */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** @type {Map<string, Set<string>>} */
const anchorCache = new Map();
/** @param {string} file @returns {Set<string>} */
function anchors(file) {
  if (!anchorCache.has(file)) {
    /** @type {Map<string, number>} */
    const seen = new Map();
    /** @type {Set<string>} */
    const result = new Set();
    for (const match of prose(readFileSync(file, "utf8")).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
      const base = slug((match[1] ?? "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*_]/g, ""));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      result.add(count === 0 ? base : `${base}-${count}`);
    }
    anchorCache.set(file, result);
  }
  return anchorCache.get(file) ?? new Set();
}

/** @type {string[]} */
const problems = [];
for (const file of markdownFiles(root)) {
  const text = prose(readFileSync(file, "utf8"));
  for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1] ?? "";
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, mailto:, …
    const [pathPart, anchor] = target.split("#");
    const targetFile = !pathPart ? file : resolve(dirname(file), decodeURIComponent(pathPart ?? ""));
    const where = relative(root, file);
    if (!existsSync(targetFile)) {
      problems.push(`${where}: ${target} (no existe el archivo)`);
    } else if (anchor !== undefined && targetFile.endsWith(".md")) {
      if (!anchors(targetFile).has(decodeURIComponent(anchor).toLowerCase())) {
        problems.push(`${where}: ${target} (no existe el encabezado)`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Enlaces rotos en la documentación (${problems.length}):\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("Enlaces de la documentación: todos resuelven.");
