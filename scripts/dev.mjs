// `npm run dev`: the API with reload on change (tsx watch, port 8080 unless PORT) and the Vite dev
// server (http://localhost:5173, proxies /api and /server to the API). Ctrl+C stops both.
import { spawn } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "apps/api/src/server.ts"], {
    cwd: root,
    stdio: "inherit",
  }),
  spawn("npm", ["run", "dev", "-w", "@treiber/web"], { cwd: root, stdio: "inherit" }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
