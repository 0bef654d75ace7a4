import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";

const API_TARGET = "http://localhost:8080";
/** Dark green of the back office's primary colour (apps/web/src/app/theme.ts). */
const THEME_COLOR = "#1b5e20";

export default defineConfig({
  base: "/app/",
  plugins: [
    react(),
    VitePWA({
      strategies: "generateSW",
      registerType: "autoUpdate",
      injectRegister: false,
      filename: "sw.js",
      manifestFilename: "manifest.webmanifest",
      includeAssets: ["icons/*.png", "icons/*.svg"],
      manifest: {
        id: "/app/",
        name: "Treiber App",
        short_name: "Treiber",
        description: "Treiber App: rutas del chofer y código QR del colaborador",
        lang: "es",
        start_url: "/app/",
        scope: "/app/",
        display: "standalone",
        orientation: "portrait",
        theme_color: THEME_COLOR,
        background_color: THEME_COLOR,
        icons: [
          { src: "icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        navigateFallback: "/app/index.html",
        // Only the app's own pages fall back to the shell; the API, the hub and the back office never do.
        navigateFallbackAllowlist: [/^\/app(\/|$)/],
        navigateFallbackDenylist: [/^\/api\//, /^\/server/, /^\/docs/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [],
        // «Avisos de mi bus»: the Web Push and notification-click handlers (public/push-sw.js).
        importScripts: ["push-sw.js"],
      },
    }),
    // Brotli and gzip copies of the app's text files, served as they are (preCompressed).
    compression({ threshold: 1024, logLevel: "silent" }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
  },
  server: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: true },
      "/server": { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
