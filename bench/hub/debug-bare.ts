import { randomBytes } from "node:crypto";
import { runPhase, settingsFromEnv } from "./run-hub.js";
import { startServerProcess } from "./server-ipc.js";

const settings = settingsFromEnv();
const t0 = Date.now();
setInterval(() => console.error("tick", Date.now() - t0), 2000).unref();
const n = settings.drivers;
const auth = {
  driverTokens: Array.from({ length: n }, () => "x"),
  trips: Array.from({ length: n }, (_, i) => i + 1),
  adminTokens: Array.from({ length: settings.dashboards }, () => "x"),
};
const bare = await startServerProcess("./bare-server-process.ts", {});
const r = await runPhase(
  "bare",
  bare,
  { baseUrl: `http://127.0.0.1:${bare.port}`, kind: "bare" },
  settings,
  auth,
);
await bare.stop();
console.log(r.p50, r.p99, r.delivered, r.expected);
void randomBytes;
