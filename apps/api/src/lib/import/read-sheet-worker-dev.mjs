// Under tsx or Vitest the sheet reader's thread is TypeScript source: tsx loads it. The built server
// starts dist/read-sheet-worker.js instead (see open-sheet.ts).
import { tsImport } from "tsx/esm/api";

await tsImport("./read-sheet-worker.ts", import.meta.url);
