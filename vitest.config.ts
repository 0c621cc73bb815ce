import { defineConfig } from "vitest/config";

// Unit tests (`*.test.ts`, the web app's pure modules among them) and API tests (`*.api.test.ts`, real database) in one run.
// `TEST_DB=postgres` runs only the API tests, against a PostgreSQL server (see scripts/test.mjs),
// including the `*.postgres.api.test.ts` files the PGlite run leaves out.
const apiOnly = process.env.TEST_DB === "postgres";

export default defineConfig({
  test: {
    include: apiOnly
      ? ["apps/server/**/*.api.test.ts"]
      : ["packages/shared/**/*.test.ts", "apps/server/**/*.test.ts", "apps/web/src/**/*.test.ts"],
    // `*.postgres.api.test.ts`: what only a PostgreSQL server has (several instances on one database).
    // `*.redis.api.test.ts`: rate limits counted in Redis, when TEST_REDIS_URL names a server.
    exclude: [
      "**/node_modules/**",
      ...(apiOnly ? [] : ["**/*.postgres.api.test.ts"]),
      ...(process.env.TEST_REDIS_URL ? [] : ["**/*.redis.api.test.ts"]),
    ],
    // Migrates once per run; each API test file starts from a copy (apps/server/test/test-database.ts).
    globalSetup: ["apps/server/test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    // Each worker runs file after file without reloading the modules: an isolated file paid ~2.5 s
    // of CPU to load the server, Fastify, Drizzle and compile PGlite again, half the run's CPU
    // (docs/decisions/021-test-speed.md). Files share no state through modules: each builds its
    // own app over its own database copy, and the files that fake Date restore it after each test.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
