/** Messages between the benchmark and a server it runs in a child process (Node IPC). */
import { type ChildProcess, fork } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";

export type ServerStats = {
  /** CPU time of the server process (user + system) since the last reset, ms. */
  cpuMs: number;
  /** Wall time since the last reset, ms. */
  wallMs: number;
  /** p99 of the server's event-loop delay since the last reset, ms. */
  loopDelayP99Ms: number;
  /** Statements run on trip_positions since the start (hub only). */
  positionInserts: number;
  /** Statements updating the trips' latest position since the start (hub only). */
  latestUpdates: number;
  /** Every statement drizzle ran since the start (hub only). */
  statements: number;
};

type Request = { kind: "reset" } | { kind: "stats" } | { kind: "stop" };
type Reply = { kind: "ready"; port: number } | ({ kind: "stats" } & ServerStats) | { kind: "reset" };

/** Child side: answers reset/stats/stop over IPC. */
export function serveStats(options: {
  port: number;
  counters?: () => Pick<ServerStats, "positionInserts" | "latestUpdates" | "statements">;
  stop: () => Promise<void>;
}) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let cpu = process.cpuUsage();
  let wall = performance.now();
  const send = (reply: Reply) => {
    if (process.connected) process.send?.(reply);
  };
  process.on("disconnect", () => process.exit(0));
  process.on("message", (message: Request) => {
    if (process.env.BENCH_HUB_VERBOSE === "1") console.error(`  [servidor ${process.pid}] ${message.kind}`);
    if (message.kind === "reset") {
      cpu = process.cpuUsage();
      wall = performance.now();
      delay.reset();
      send({ kind: "reset" });
    } else if (message.kind === "stats") {
      const used = process.cpuUsage(cpu);
      send({
        kind: "stats",
        cpuMs: (used.user + used.system) / 1000,
        wallMs: performance.now() - wall,
        loopDelayP99Ms: delay.percentile(99) / 1e6,
        positionInserts: 0,
        latestUpdates: 0,
        statements: 0,
        ...options.counters?.(),
      });
    } else if (message.kind === "stop") {
      options.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    }
  });
  send({ kind: "ready", port: options.port });
}

/** Parent side: starts `script` (TypeScript, through tsx) and talks to it. */
export async function startServerProcess(script: string, env: Record<string, string>) {
  const child: ChildProcess = fork(new URL(script, import.meta.url).pathname, [], {
    // BENCH_HUB_CPU_PROF=<folder>: each server writes a .cpuprofile there when it stops.
    execArgv: [
      "--import",
      "tsx",
      ...(process.env.BENCH_HUB_CPU_PROF
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_HUB_CPU_PROF}`]
        : []),
    ],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = <K extends Reply["kind"]>(kind: K) =>
    new Promise<Extract<Reply, { kind: K }>>((resolve, reject) => {
      const onMessage = (message: Reply) => {
        if (message.kind !== kind) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(message as Extract<Reply, { kind: K }>);
      };
      const onExit = (code: number | null) => reject(new Error(`${script} terminó (código ${code})`));
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  const { port } = await next("ready");
  return {
    pid: child.pid as number,
    port,
    async reset() {
      const done = next("reset");
      child.send({ kind: "reset" } satisfies Request);
      await done;
    },
    /** The server's numbers; throws if it does not answer within `timeoutMs` (saturated). */
    async stats(timeoutMs = 15_000): Promise<ServerStats> {
      const done = next("stats");
      child.send({ kind: "stats" } satisfies Request);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`${script} no respondió en ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        const { kind: _kind, ...stats } = await Promise.race([done, late]);
        return stats;
      } finally {
        clearTimeout(timer);
      }
    },
    kill() {
      child.kill("SIGKILL");
    },
    async stop() {
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.send({ kind: "stop" } satisfies Request);
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;
