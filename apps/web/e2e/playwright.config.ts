import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E } from "./env.ts";

const root = path.resolve(import.meta.dirname, "../../..");

// Browser journeys against the built app served by the real server on a fresh embedded database.
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.e2e.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: E2E.reportFile }]],
  use: {
    baseURL: E2E.baseUrl,
    // The app honours reduced motion (theme.ts): no dialog, popover or toast transitions to render
    // and wait out. The journeys run CPU-bound on two cores; motion was frames nobody looks at.
    reducedMotion: "reduce",
    // Recording a trace for every journey (DOM snapshots and a screencast, kept on failure) was
    // a third of the journeys' CPU, measured over the whole process tree, and nobody opens a
    // trace CI leaves on its machine: a failure prints its error, page snapshot and screenshot.
    // E2E_TRACE=1 records them again when a journey is being debugged here.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  outputDir: path.join(E2E.dataDir, "test-results"),
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    cwd: root,
    url: `${E2E.baseUrl}/app/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(E2E.port),
      DATA_DIR: E2E.dataDir,
      PUBLIC_URL: E2E.baseUrl,
      DEMO: "1",
      // The four demo logins and one project only: journeys build their own scenes, and some
      // check empty screens (docs/decisions/026-demo-workspace.md).
      DEMO_WORKSPACE: "0",
      DEMO_PASSWORD: E2E.demoPassword,
      RATE_LIMIT_LOGIN: "1000",
      RATE_LIMIT_REGISTER: "1000",
      RATE_LIMIT_PASSWORD_RESET: "1000",
      LOG_LEVEL: "warn",
      // Answers written by PostgreSQL are held to their schemas, as in the API tests (core/route.ts).
      NODE_ENV: "test",
      // Billing journeys: cards through the Stripe stand-in, bank transfer and BTC accounts.
      E2E_STRIPE: process.env.E2E_STRIPE ?? "1",
      PAYMENT_BANK_IBAN: "DE89370400440532013000",
      PAYMENT_BANK_BENEFICIARY: "Atelier Studio GmbH",
      PAYMENT_BTC_ADDRESS: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      // Replies by e-mail: reply addresses in the digests, and the server's own SMTP listener.
      INBOUND_DOMAIN: E2E.inboundDomain,
      INBOUND_SMTP_PORT: String(E2E.inboundSmtpPort),
      // The webhooks journey's receiver listens on this machine's loopback address.
      WEBHOOK_ALLOW_PRIVATE: "true",
    },
  },
});
