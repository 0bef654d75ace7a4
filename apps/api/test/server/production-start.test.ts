import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PlanningContext, PlanningProposal } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../src/seed/demo-accounts.js";

/**
 * Issue 21 finding 6 (decision 0039): production runs the API built to JavaScript on plain `node`,
 * and everything it loads is a production dependency, so `npm audit --omit=dev` covers it. The
 * built server and CLIs run here under scripts/dev-dependency-guard.mjs, which refuses any package
 * that package-lock.json marks dev-only (tsx, vite, esbuild, typescript…) as if it were not
 * installed: what works here works after `npm install --omit=dev`.
 */
const repo = new URL("../../../../", import.meta.url).pathname;
const guard = join(repo, "scripts/dev-dependency-guard.mjs");
const dist = join(repo, "apps/api/dist");
const temp = mkdtempSync(join(tmpdir(), "treiber-prod-start-"));
const dataDir = join(temp, "data");
const guardLog = join(temp, "loaded-packages.txt");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Only what a production host sets: no NODE_OPTIONS, no loader, no test database. */
const env = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? temp,
  DATA_DIR: dataDir,
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  DEV_DEPENDENCY_GUARD_LOG: guardLog,
};

const guarded = (args: string[], extra: Record<string, string> = {}) =>
  spawnSync(process.execPath, ["--import", guard, ...args], {
    cwd: repo,
    env: { ...env, ...extra },
    encoding: "utf8",
  });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("sin puerto");
  return address.port;
}

/** Resolves once the server prints that it is ready; rejects if it exits first. */
function ready(child: ChildProcess, output: { text: string }) {
  return new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.text += chunk.toString();
      if (output.text.includes("Treiber listo")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`el servidor terminó (${code}):\n${output.text}`)));
  });
}

/**
 * Planning/propose solves on a worker thread: the built server starts dist/solve-worker.js (built
 * with it), under the same guard, and answers with routes for a demo shift.
 */
async function expectBuiltPlanner(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, gmt: "4", "content-type": "application/json" };
  const shifts = await fetch(`${base}${apiPath(API.shift.list)}?amount=10&skip=1`, { headers });
  const shift = ((await shifts.json()) as { list: { id: number; direction: string }[] }).list[0];
  expect(shift).toBeDefined();
  const context = await fetch(`${base}${API.planning.context.path}?shiftId=${shift?.id}`, { headers });
  expect(context.status).toBe(200);
  const { riders, drivers, destinationId } = (await context.json()) as PlanningContext;
  const response = await fetch(`${base}${API.planning.propose.path}`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      shiftId: shift?.id,
      destinationId,
      employeeIds: riders
        .filter((rider) => rider.latitude !== null && rider.otherRouteName === null)
        .slice(0, 10)
        .map((rider) => rider.employeeId),
      driverIds: drivers
        .filter((driver) => (driver.seats ?? 0) > 0)
        .slice(0, 3)
        .map((driver) => driver.driverId),
      seconds: 1,
    }),
  });
  const proposal = (await response.json()) as PlanningProposal;
  expect(response.status, JSON.stringify(proposal)).toBe(200);
  expect(proposal.routes.length).toBeGreaterThan(0);
}

beforeAll(() => {
  const build = spawnSync(process.execPath, ["scripts/api-build.mjs", "--if-stale"], {
    cwd: repo,
    encoding: "utf8",
  });
  expect(build.status, build.stderr).toBe(0);
}, 120_000);

describe("production start from the build (issue 21 finding 6)", () => {
  it("the guard refuses a devDependency, imported or required", () => {
    const imported = guarded(["--input-type=module", "-e", 'await import("tsx/esm/api")']);
    expect(imported.status).not.toBe(0);
    expect(imported.stderr).toContain('[dev-dependency-guard] "tsx/esm/api" carga node_modules/tsx');
    const required = guarded(["-e", 'require("typescript")']);
    expect(required.status).not.toBe(0);
    expect(required.stderr).toContain('[dev-dependency-guard] "typescript" carga node_modules/typescript');
  });

  it("the built CLIs and server run on node with production dependencies only", async () => {
    const seed = guarded([join(dist, "seed-demo.js")]);
    expect(seed.status, seed.stderr).toBe(0);
    expect(seed.stdout).toContain("Datos de demostración cargados");

    const port = await freePort();
    const output = { text: "" };
    const server = spawn(process.execPath, ["--import", guard, join(dist, "server.js")], {
      cwd: repo,
      env: { ...env, PORT: String(port), DEMO_DATA: "false" },
    });
    try {
      await ready(server, output);
      const base = `http://127.0.0.1:${port}`;
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok", database: "embedded" });
      const signIn = await fetch(`${base}${apiPath(API.auth.signIn)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@treiber.app", password: DEMO_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const { token } = (await signIn.json()) as { token: string };
      const offices = await fetch(`${base}${apiPath(API.branchOffice.list)}?amount=10&skip=1`, {
        headers: { authorization: `Bearer ${token}`, gmt: "0" },
      });
      expect(offices.status).toBe(200);
      await expectBuiltPlanner(base, token);
    } finally {
      const exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
      server.kill("SIGTERM");
      expect(await exited).toBe(0);
    }
    expect(output.text).not.toContain("dev-dependency-guard");

    const admin = guarded([
      join(dist, "create-admin.js"),
      "--email",
      "jefa@empresa.do",
      "--password",
      "Secreta123!",
    ]);
    expect(admin.status, admin.stderr).toBe(0);
    const copy = guarded([join(dist, "copy-to-postgres.js"), "--help"]);
    expect(copy.status, copy.stderr).toBe(0);

    // The guard saw what ran: the web server, both databases' drivers, the password hasher. What
    // it refused (debug's optional supports-color) the code did without, as on a production install.
    const loaded = readFileSync(guardLog, "utf8").split("\n");
    expect(loaded).toEqual(
      expect.arrayContaining(
        ["fastify", "@electric-sql/pglite", "pg", "@node-rs/argon2", "zod"].map(
          (name) => `loaded node_modules/${name}`,
        ),
      ),
    );
  }, 120_000);
});
