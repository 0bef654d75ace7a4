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
