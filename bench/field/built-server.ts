import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

const root = new URL("../..", import.meta.url).pathname;

export type BuiltServer = { baseUrl: string; stop: () => Promise<void> };

/**
 * The real app as the e2e run it (e2e/playwright.config.ts): `node scripts/start.mjs`, which builds
 * the back office and Treiber App when their builds are missing or stale, then serves both and the
 * API on `port`, with the demo accounts on a fresh embedded database (PGlite) in `/tmp`.
 */
export async function startBuiltServer(port: number, label: string): Promise<BuiltServer> {
  const dataDir = `/tmp/treiber-bench-${label}-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_DATA: "true",
      LOG_LEVEL: "warn",
    },
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) {
      child.kill("SIGTERM");
      for (let i = 0; i < 50 && !exited; i++) await sleep(100);
      if (!exited) child.kill("SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`El servidor terminó antes de estar listo (puerto ${port})`);
    const ok = await fetch(`${baseUrl}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { baseUrl, stop };
    await sleep(250);
  }
  await stop();
  throw new Error(`El servidor no respondió en ${baseUrl}/health`);
}
