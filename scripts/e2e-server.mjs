// Starts the real server for the browser tests on an empty data folder (Playwright's webServer).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");
rmSync(dataDir, { recursive: true, force: true });

// Serve a snapshot of the built app, so a rebuild during the run (vite empties dist first) cannot
// leave the browser with an index.html whose assets are gone.
const builtWeb = path.join(root, "apps/web/dist");
if (!process.env.WEB_DIST && existsSync(path.join(builtWeb, "index.html"))) {
  const snapshot = path.join(dataDir, "web");
  cpSync(builtWeb, snapshot, { recursive: true });
  process.env.WEB_DIST = snapshot;
}

// E2E_STRIPE=1: a local stand-in for Stripe's API and Checkout page on the next port, and the app
// pointed at it, so card journeys run through the real SDK without reaching Stripe.
const children = [];
if (process.env.E2E_STRIPE === "1") {
  const standInPort = Number(process.env.PORT) + 1;
  process.env.STRIPE_SECRET_KEY = `sk_test_${randomBytes(16).toString("hex")}`;
  process.env.STRIPE_WEBHOOK_SECRET = `whsec_${randomBytes(16).toString("hex")}`;
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${standInPort}`;
  const standIn = spawn(
    path.join(root, "node_modules/.bin/tsx"),
    [path.join(root, "apps/server/test/stripe-stand-in-main.ts")],
    {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        STRIPE_STAND_IN_PORT: String(standInPort),
        STRIPE_WEBHOOK_URL: `http://127.0.0.1:${process.env.PORT}/v3/project/stripe-payment/webhook`,
      },
    },
  );
  children.push(standIn);
}

const server = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "apps/server/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
children.push(server);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
server.on("exit", (code) => {
  for (const child of children) if (child !== server) child.kill("SIGTERM");
  process.exit(code ?? 0);
});
