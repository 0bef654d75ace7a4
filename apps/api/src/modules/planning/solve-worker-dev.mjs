// Under tsx or Vitest the planner's thread is TypeScript source: tsx loads it. The built server
// starts dist/solve-worker.js instead (see solve-in-worker.ts).
import { tsImport } from "tsx/esm/api";

await tsImport("./solve-worker.ts", import.meta.url);
