import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openConfiguredDatabase } from "../../src/bootstrap.js";
import { loadConfig } from "../../src/config.js";

/** Issue 12 item 9: the embedded database's files are its owner's only. */
const root = mkdtempSync(join(tmpdir(), "treiber-data-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function modes(dir: string): [string, number][] {
  const found: [string, number][] = [[dir, statSync(dir).mode & 0o777]];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...modes(path));
    else if (entry.isFile()) found.push([path, statSync(path).mode & 0o777]);
  }
  return found;
}

describe("DATA_DIR permissions", () => {
  it("DATA_DIR and its folders are 0700, its files 0600, an older install's included", async () => {
    const dataDir = join(root, "data");
    // An install from before: a world-readable folder and file.
    mkdirSync(join(dataDir, "old"), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, "old", "file"), "x", { mode: 0o644 });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const database = await openConfiguredDatabase(config);
    await database.close();
    const all = modes(dataDir);
    expect(all.length).toBeGreaterThan(10);
    expect(all.map(([path]) => path)).toContain(join(dataDir, "jwt-secret"));
    const open = all.filter(([path, mode]) => {
      const isDir = statSync(path).isDirectory();
      return isDir ? mode !== 0o700 : mode & 0o077;
    });
    expect(open.map(([path, mode]) => `${path} ${mode.toString(8)}`)).toEqual([]);
  });
});
