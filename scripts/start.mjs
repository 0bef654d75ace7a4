// `npm start`: builds the web app if needed, then runs the API (which serves it) on one port.
import { register } from "tsx/esm/api";
import { ensureWebBuild } from "./web-build.mjs";

ensureWebBuild();
register();
await import("../apps/api/src/server.ts");
