import { fileURLToPath } from "node:url";

/**
 * The apps/api folder. The source (src/api-root.ts under tsx or Vitest) and the build (every entry
 * bundled flat in dist/, `npm run build`) both sit one level below it, so the migrations
 * (apps/api/drizzle) and the front ends' builds (apps/web/dist, apps/field/dist) are found from here
 * in both.
 */
export const apiRoot = fileURLToPath(new URL("..", import.meta.url));
