import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { generate } from "otplib";
import { E2E } from "./env.ts";
import { checkA11y, DEMO, expect, sha256, test } from "./support.ts";

// Journeys under settings the shared server does not run with: two-factor sign-in required for
// staff (it would change every staff journey) and a portfolio service that never answers. This
// spec runs its own server (two ports above the shared one: the Stripe stand-in takes the next,
// the shared server's SMTP listener for replies the one after, env.ts).
const port = E2E.port + 2;
const baseUrl = `http://localhost:${port}`;
const dataDir = `${E2E.dataDir}-strict`;
const root = path.resolve(import.meta.dirname, "../../..");
const PORTFOLIO_TIMEOUT_MS = 1500;
let server: ChildProcess | undefined;
// One worker runs both journeys: the server is started once, on one port.
test.describe.configure({ mode: "serial" });

// The portfolio service at its network edge: takes the user-shots call and never answers.
const portfolioCalls: string[] = [];
const hanging = new Set<ServerResponse>();
const portfolio = createServer((request, response) => {
  portfolioCalls.push(request.url ?? "");
  hanging.add(response);
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(dataDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => portfolio.listen(0, "127.0.0.1", resolve));
  const portfolioUrl = `http://127.0.0.1:${(portfolio.address() as AddressInfo).port}`;
  // The shared server's snapshot of the built app when there is one, like scripts/e2e-server.mjs.
  const snapshot = path.join(E2E.dataDir, "web");
  server = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DEMO: "1",
      DEMO_WORKSPACE: "0",
      DEMO_PASSWORD: E2E.demoPassword,
      RATE_LIMIT_LOGIN: "1000",
      LOG_LEVEL: "warn",
      TWO_FACTOR_REQUIRED_FOR_STAFF: "1",
      PORTFOLIO_API_URL: portfolioUrl,
      PORTFOLIO_TIMEOUT_MS: String(PORTFOLIO_TIMEOUT_MS),
      ...(existsSync(path.join(snapshot, "index.html")) ? { WEB_DIST: snapshot } : {}),
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${baseUrl}/app/`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 110_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  for (const response of hanging) response.destroy();
  portfolio.closeAllConnections();
  await new Promise<void>((resolve) => portfolio.close(() => resolve()));
});

/** A call to this spec's server; fails the test on another status than 200. */
async function call<T>(token: string | null, method: "GET" | "POST", url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(token ? { "Auth-Token": token } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  expect(response.status, `${method} ${url}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

const passwordLogin = (email: string) =>
  call<{ token: string }>(null, "POST", "/auth/login", { email, password: sha256(E2E.demoPassword) });

test("a project manager without two-factor sign-in is sent to settings to turn it on, then works as usual", async ({
  page,
}) => {
  await page.goto(`${baseUrl}/app/auth/login`);
  await page.getByLabel("Email").fill(DEMO.projectManager.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E.demoPassword);
  await page.getByRole("button", { name: "Log in" }).click();

  // The dashboard's calls are refused: settings explains why and shows only the two-factor section.
  await expect(page).toHaveURL(`${baseUrl}/app/user/settings`);
  const explanation = page.getByRole("alert").filter({ hasText: "Turn on two-factor sign-in to continue" });
  await expect(explanation).toContainText("Until you turn two-factor sign-in on, the rest of Atelier stays closed");
  await expect(page.getByRole("heading", { name: "Profile" })).toHaveCount(0);
  await checkA11y(page);

  // Other screens bring them back here.
  await page.goto(`${baseUrl}/app/projects`);
  await expect(page).toHaveURL(`${baseUrl}/app/user/settings`);

  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const dialog = page.getByRole("dialog", { name: "Turn on two-factor sign-in" });
  const secret = (await dialog.getByTestId("two-factor-secret").textContent()) ?? "";
  await dialog.getByLabel("2. Enter the 6-digit code it shows").fill(await generate({ secret }));
  await dialog.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByRole("dialog", { name: "Save your recovery codes" });
  await codes.getByRole("button", { name: "I saved them" }).click();

  // Enrolled: the whole of settings, and the rest of the app, open up in the same session.
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  await expect(explanation).toHaveCount(0);
  await page.goto(`${baseUrl}/app/tasks`);
  await expect(page).toHaveURL(`${baseUrl}/app/tasks`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the designer info dialog shows the empty state when the portfolio service never answers", async ({ page }) => {
  // The designer connects a portfolio account; the admin turns two-factor sign-in on (required here).
  const designer = await passwordLogin(DEMO.designer.email);
  await call(designer.token, "POST", "/profile/portfolio", { accessToken: "a-designer-token" });
  const admin = await passwordLogin(DEMO.admin.email);
  const setup = await call<{ secret: string }>(admin.token, "POST", "/profile/twoFactor/setup");
  await call(admin.token, "POST", "/profile/twoFactor/enable", { code: await generate({ secret: setup.secret }) });

  await page.goto(`${baseUrl}/app/auth/login`);
  await page.getByLabel("Email").fill(DEMO.admin.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E.demoPassword);
  await page.getByRole("button", { name: "Log in" }).click();
  // The code that turned it on is spent: the next time step's code signs in.
  await page
    .getByLabel("Authentication code")
    .fill(await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/app\/tasks$/);

  await page.goto(`${baseUrl}/app/designers`);
  await page
    .getByRole("button", { name: `Info about ${DEMO.designer.name} ${DEMO.designer.surname}` })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "User info" });
  // The server gives up after its short timeout: the empty state, no error.
  await expect(dialog.getByText("No portfolio shots to show.")).toBeVisible();
  expect(portfolioCalls.some((url) => url.startsWith("/user/shots"))).toBe(true);
  await expect(page.locator("[data-toast]")).toHaveCount(0);
});
