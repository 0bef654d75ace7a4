import { defineConfig } from "vitest/config";

/** `npm run test:libreoffice`: the Excel exports opened by LibreOffice (needs `soffice`). */
export default defineConfig({
  test: {
    name: "libreoffice",
    include: ["apps/api/test-libreoffice/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 240_000,
    globalSetup: ["apps/api/test/global-setup.ts"],
  },
});
