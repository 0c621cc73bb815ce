import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { E2E } from "./env.ts";

export { expect };

/** What the web client logs when an answer does not fit its schema (lib/api-client.ts). */
const UNKNOWN_ANSWER = "Atelier: an answer this build does not know:";

/**
 * Playwright's test, failing any test whose page throws an uncaught error (a crash the UI may
 * hide) or meets an answer whose shape the web app's contract does not know (drift it would hide).
 */
export const test = base.extend<{ failOnPageErrors: undefined }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.stack ?? error.message));
      page.on("console", (message) => {
        if (message.type() === "error" && message.text().startsWith(UNKNOWN_ANSWER)) errors.push(message.text());
      });
      await use(undefined);
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export type DemoRole = "admin" | "projectManager" | "designer" | "customer";

/** The demo workspace the server fills at start (DEMO=1); never change their passwords. */
export const DEMO: Record<DemoRole, { email: string; name: string; surname: string }> = {
  admin: { email: "admin@atelier.test", name: "Ada", surname: "Admin" },
  projectManager: { email: "pm@atelier.test", name: "Pat", surname: "Manager" },
  designer: { email: "designer@atelier.test", name: "Dana", surname: "Designer" },
  customer: { email: "customer@atelier.test", name: "Chris", surname: "Customer" },
};

/** Where each role lands after login (SPEC §2). */
export const HOME: Record<DemoRole, string> = {
  admin: "/app/tasks",
  projectManager: "/app/tasks",
  designer: "/app/schedule",
  customer: "/app/projects",
};

/** Lowercase hex SHA-256: what the browser sends instead of a password (SPEC §5). */
export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** An e-mail no other test (or run) uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

/** Fills the login form and submits it; the caller asserts where it lands. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Calls the API with the session token and fails the test on an unexpected status. */
export async function callApi<T>(
  token: string,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
  expectedStatus = 200,
): Promise<T> {
  const response = await fetch(`${E2E.baseUrl}${path}`, {
    method,
    headers: { "Auth-Token": token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(expectedStatus);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A session for an existing account (the demo users keep their passwords: this only logs in). */
export async function apiLogin(email: string, password = E2E.demoPassword): Promise<string> {
  const response = await fetch(`${E2E.baseUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: sha256(password) }),
  });
  expect(response.status, `POST /auth/login for ${email}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A success toast with this exact text. */
export function toastWith(page: Page, text: string): Locator {
  return page.locator("[data-toast]").filter({ hasText: text });
}

/**
 * Clears the page's local storage. A navigation the app started a moment ago (a logout's redirect)
 * can destroy the context under the call: then it waits for the new document and clears that.
 */
async function clearLocalStorage(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.evaluate(() => window.localStorage.clear());
      return;
    } catch (error) {
      const navigated = error instanceof Error && /context was destroyed|navigat/i.test(error.message);
      if (!navigated || attempt === 5) throw error;
      await page.waitForLoadState("domcontentloaded");
    }
  }
}

/**
 * Signs the browser in as the account without the login screen (auth.e2e.ts drives that screen):
 * the session comes from the API and goes where the app keeps it when local storage has none
 * (SPEC §3's cookie), before the next page loads. Answers the account's role.
 */
export async function signIn(page: Page, email: string, password = E2E.demoPassword): Promise<DemoRole> {
  const response = await fetch(`${E2E.baseUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: sha256(password) }),
  });
  expect(response.status, `POST /auth/login for ${email}`).toBe(200);
  const session = (await response.json()) as { token: string; user: { role: DemoRole } };
  // A session this page already keeps in local storage would win over the cookie.
  if (page.url().startsWith(E2E.baseUrl)) await clearLocalStorage(page);
  await page
    .context()
    .addCookies([
      { name: "atelier_token", value: encodeURIComponent(session.token), url: E2E.baseUrl, sameSite: "Strict" },
    ]);
  return session.user.role;
}

/**
 * Logs in through the login screen and waits for the signed-in header: for journeys about the
 * session the browser itself starts (its stored token, its device).
 */
export async function loginThroughScreen(page: Page, email: string, password = E2E.demoPassword): Promise<void> {
  await page.goto("/app/auth/login");
  await submitLogin(page, email, password);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

/** Signs in (see signIn) and opens the account's home, as the login screen does, with its header. */
export async function loginAs(page: Page, email: string, password = E2E.demoPassword): Promise<void> {
  const role = await signIn(page, email, password);
  await page.goto(HOME[role]);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

/** Creates a customer through the open signup call, as the browser would. */
export async function registerCustomer(options: {
  email?: string;
  password?: string;
  name?: string;
  surname?: string;
}) {
  const account = {
    name: options.name ?? "Erin",
    surname: options.surname ?? "Example",
    email: options.email ?? uniqueEmail("customer"),
    password: options.password ?? `pw-${Date.now()}-secret`,
  };
  const response = await fetch(`${E2E.baseUrl}/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...account, password: sha256(account.password) }),
  });
  expect(response.status, `POST /auth/register for ${account.email}`).toBe(200);
  const session = (await response.json()) as { token: string; user: { id: string; role: string } };
  return { ...account, token: session.token, user: session.user };
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Every mail the server wrote to its outbox folder (no SMTP in the e2e server). */
export async function readOutbox(): Promise<OutboxMail[]> {
  const dir = path.join(E2E.dataDir, "outbox");
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith(".json")).sort();
  } catch {
    return [];
  }
  const mails: OutboxMail[] = [];
  for (const file of files) {
    try {
      const mail = JSON.parse(await readFile(path.join(dir, file), "utf8")) as Partial<OutboxMail>;
      mails.push({ to: mail.to ?? "", subject: mail.subject ?? "", text: mail.text ?? "", links: mail.links ?? [] });
    } catch {
      // A mail being written right now: the next poll reads it whole.
    }
  }
  return mails;
}

/** Waits for the newest mail sent to `to` (matching `subject` when given). */
export async function waitForMail(to: string, subject?: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readOutbox()).filter(
          (mail) => mail.to.toLowerCase() === to.toLowerCase() && (!subject || subject.test(mail.subject)),
        );
        found = mails.at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${to} in the outbox`, timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

/**
 * Runs axe on the page (WCAG 2.x A/AA rules) and fails on serious or critical violations,
 * listing each with the offending elements so the report says what to fix. The pointer is parked
 * at the left edge first: a button still hovered after a click shows its darker hover shade,
 * which would hide a contrast failure of its resting colors. `keepPointer` leaves it where it is,
 * for what stays open only while pointed at (a hover card): moving away would start closing it,
 * and a fading dropdown fails on contrast.
 */
export async function checkA11y(page: Page, options: { include?: string; keepPointer?: boolean } = {}): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  if (!options.keepPointer) await page.mouse.move(1, Math.round(viewport.height / 2));
  // Only violations are read: axe then skips gathering every passing node (and its selector),
  // which was most of a check's time on these pages. Legacy mode runs axe.run in the page itself:
  // the default (partial runs per frame) opened a blank page per check to merge the frames'
  // results, for an app without iframes; the same violations in about half the time.
  let builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes
          .slice(0, 5)
          .map((node) => `    ${node.target.join(" ")} — ${node.failureSummary?.split("\n").join(" ")}`)
          .join("\n")}`,
    );
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}

/** A 1×1 PNG, enough for an avatar upload. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
