import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const API_TARGET = "http://localhost:8080";

export default defineConfig({
  // Brotli and gzip copies of every text asset next to it, served by the API as they are
  // (@fastify/static preCompressed): no compression work per request.
  plugins: [react(), compression({ threshold: 1024, logLevel: "silent" })],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and route module imports, read by
    // `npm run bench:web-size` to sum what /login loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // The groups below take leaf packages without their dependencies; strict execution order
        // keeps every module running in import order across those chunks (without it, a cycle
        // between chunks left antd's locale undefined and hung the charts).
        strictExecutionOrder: true,
        // Chunks ≤ 100 KB gzip each (decision 0029, `npm run bench:web-size`): React apart from the
        // entry, the charts' library apart from its d3/redux helpers, the date picker and the
        // table's engines apart from the rest of the list pages' Ant Design. Leaf packages only,
        // without their dependencies (Ant Design's core stays in its shared chunk).
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
            {
              name: "charts-helpers",
              test: /node_modules[\\/](d3-[^\\/]+|decimal\.js-light|@reduxjs|immer|redux|reselect|react-redux|es-toolkit|eventemitter3|victory-vendor|internmap)[\\/]/,
              priority: 30,
              includeDependenciesRecursively: false,
            },
            {
              name: "charts",
              test: /node_modules[\\/]recharts[\\/]/,
              priority: 20,
              includeDependenciesRecursively: false,
            },
            {
              name: "date-picker",
              test: /node_modules[\\/]@rc-component[\\/]picker[\\/]/,
              priority: 10,
              includeDependenciesRecursively: false,
            },
            {
              name: "table",
              test: /node_modules[\\/]@rc-component[\\/](table|tree|virtual-list)[\\/]/,
              priority: 10,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: true },
      "/server": { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: true },
      "/server": { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
