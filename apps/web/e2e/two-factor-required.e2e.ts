import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { generate } from "otplib";
import { E2E } from "./env.ts";
import { checkA11y, DEMO, expect, test } from "./support.ts";

// TWO_FACTOR_REQUIRED_FOR_STAFF changes what every staff journey sees, so this spec runs its own
// server with the setting on (two ports above the shared one: the Stripe stand-in takes the next).
const port = E2E.port + 2;
const baseUrl = `http://localhost:${port}`;
const dataDir = `${E2E.dataDir}-two-factor-required`;
const root = path.resolve(import.meta.dirname, "../../..");
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(dataDir, { recursive: true, force: true });
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
      DEMO_PASSWORD: E2E.demoPassword,
      RATE_LIMIT_LOGIN: "1000",
      LOG_LEVEL: "warn",
      TWO_FACTOR_REQUIRED_FOR_STAFF: "1",
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

test.afterAll(() => {
  server?.kill("SIGTERM");
});

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
