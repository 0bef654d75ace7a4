// `npm start`: builds what is missing or stale (the web app and Treiber App with Vite, the API with
// esbuild, each in a child process), then runs the built API (which serves both) on one port. This
// process loads only Node's own modules and apps/api/dist: no tsx, no Vite (decision 0039).
import { ensureApiBuild } from "./api-build.mjs";
import { ensureWebBuild } from "./web-build.mjs";

ensureWebBuild();
ensureApiBuild();
// A URL, not a literal path: the build may not exist yet when `npm run typecheck` reads this file.
await import(new URL("../apps/api/dist/server.js", import.meta.url).href);
