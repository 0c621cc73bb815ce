import { defineConfig } from "vitest/config";

// Unit tests (`*.test.ts`) and API tests (`*.api.test.ts`, real database) in one run.
// `TEST_DB=postgres` runs only the API tests, against a PostgreSQL server (see scripts/test.mjs).
const apiOnly = process.env.TEST_DB === "postgres";

export default defineConfig({
  test: {
    include: apiOnly ? ["apps/server/**/*.api.test.ts"] : ["packages/shared/**/*.test.ts", "apps/server/**/*.test.ts"],
    exclude: ["**/node_modules/**", "apps/web/**"],
    // Migrates once per run; each API test file starts from a copy (apps/server/test/test-database.ts).
    globalSetup: ["apps/server/test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
