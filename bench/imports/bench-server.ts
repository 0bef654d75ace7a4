/**
 * What the import benches share (`bench:import`, `bench:hostile-import`): the built API
 * (`apps/api/dist/server.js`, what `npm start` runs) started in its own process with an admin it
 * creates at start (SUPERADMIN_EMAIL/PASSWORD), and that admin signed in.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { API, apiPath } from "@treiber/contract/api-paths";

export type BenchAdmin = { email: string; password: string };

/**
 * Builds the API when its build is missing or stale, then starts it on a random port with `env`
 * (the database's settings) and `admin` as its superadmin; resolves once `/health` answers.
 */
export async function startServer(
  env: Record<string, string>,
  admin: BenchAdmin,
): Promise<{ child: ChildProcess; server: string }> {
  execFileSync(process.execPath, ["scripts/api-build.mjs", "--if-stale"], { stdio: "inherit" });
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, ["apps/api/dist/server.js"], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DEMO_DATA: "false",
      SUPERADMIN_EMAIL: admin.email,
      SUPERADMIN_PASSWORD: admin.password,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const server = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode})`);
    const ok = await fetch(`${server}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, server };
    await sleep(100);
  }
  throw new Error("the API did not start");
}

/** The admin signed in: the headers of its requests (bearer token, GMT offset). */
export async function signIn(server: string, admin: BenchAdmin) {
  const response = await fetch(`${server}${apiPath(API.auth.signIn)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  });
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}`, gmt: "4" };
}
