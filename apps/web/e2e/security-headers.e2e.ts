import type { Page } from "@playwright/test";
import { customerWithProject } from "./projects-support.ts";
import { expect, loginAs, loginThroughScreen, TINY_PNG, test } from "./support.ts";
import { createTask } from "./tasks-support.ts";

// Issue 11: the session token lives in browser storage, so the Content Security Policy is what
// stands between an injected script and every token. It must stop injected scripts while the
// app's own (its files and the inline landing preloader) run.

interface Watched {
  /** `securitypolicyviolation` events: directive and what was blocked. */
  __cspViolations?: string[];
  __pwnedInline?: boolean;
  __pwnedHandler?: boolean;
  __pwnedData?: boolean;
}

/** Records every CSP violation the page reports, and the console's CSP and Permissions-Policy errors. */
async function watchPolicies(page: Page): Promise<{ console: string[] }> {
  await page.addInitScript(() => {
    const watched = window as Watched;
    watched.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      watched.__cspViolations?.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  const messages: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Permissions-Policy/i.test(message.text())) messages.push(message.text());
  });
  return { console: messages };
}

const violations = (page: Page) => page.evaluate(() => (window as Watched).__cspViolations ?? []);

test("an injected script does not run, while the app signs in and works", async ({ page }) => {
  const { owner, project } = await customerWithProject("csp-inject");
  await watchPolicies(page);

  const answer = await page.goto("/app/auth/login");
  const policy = answer?.headers()["content-security-policy"] ?? "";
  const scriptSrc = policy.split(";").find((directive) => directive.trim().startsWith("script-src "));
  expect(scriptSrc?.trim()).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'$/);
  // The inline preloader ran (it is allowed by its hash): it asked for the login screen's chunk
  // (its links have no crossorigin attribute; the bundler's own preloads do).
  await expect(page.locator('link[rel="modulepreload"][href*="login-screen-"]:not([crossorigin])')).toHaveCount(1);

  await loginThroughScreen(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/app\/projects$/);
  await page.goto(`/app/project/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("atelier.token"))).toBeTruthy();

  // What an injection would add: an inline script, an inline event handler, a script from a data: URL.
  await page.evaluate(() => {
    const inline = document.createElement("script");
    inline.textContent = "window.__pwnedInline = true; fetch('/stolen?' + localStorage.getItem('atelier.token'));";
    document.body.append(inline);
    const holder = document.createElement("div");
    holder.innerHTML = `<img src="/app/no-such-image.png" onerror="window.__pwnedHandler = true">`;
    document.body.append(holder);
    const fromData = document.createElement("script");
    fromData.src = "data:text/javascript,window.__pwnedData=true";
    document.body.append(fromData);
  });

  // The browser reports each one blocked by the policy, and none of them ran.
  await expect
    .poll(async () => (await violations(page)).map((violation) => violation.split(" ")[0]).sort())
    .toEqual(["script-src-attr", "script-src-elem", "script-src-elem"]);
  const ran = await page.evaluate(() => {
    const watched = window as Watched;
    return { inline: watched.__pwnedInline, handler: watched.__pwnedHandler, data: watched.__pwnedData };
  });
  expect(ran).toEqual({ inline: undefined, handler: undefined, data: undefined });

  // The app is unharmed: its own scripts still run (a client-side navigation).
  await page.getByRole("link", { name: "Projects", exact: true }).first().click();
  await expect(page).toHaveURL(/\/app\/projects$/);
  await expect(page.getByRole("link", { name: project.name, exact: true })).toBeVisible();
});

test("the main screens load without a single CSP or Permissions-Policy complaint", async ({ page }) => {
  const { owner, project } = await customerWithProject("csp-screens");
  const task = await createTask(owner.token, project.id, `CSP task ${Date.now().toString(36)}`);
  const watched = await watchPolicies(page);

  await page.goto("/app/auth/login");
  await expect(page.getByRole("heading", { name: "Log in", level: 1 })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await loginAs(page, owner.email, owner.password);
  await expect(page.getByRole("link", { name: project.name, exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // A full page load of the project screen and of a task (the landing preloader for each).
  await page.goto(`/app/project/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.goto(`/app/project/${project.id}/task/${task.id}`);
  await expect(page.getByRole("dialog", { name: task.title })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // A local preview before upload is a blob: image, then the stored avatar comes from /serve/s.
  // The preview shows only while the upload runs: the upload is held until the preview is checked.
  await page.goto("/app/user/settings");
  let releaseUpload = () => {};
  const previewChecked = new Promise<void>((resolve) => {
    releaseUpload = resolve;
  });
  await page.route("**/upload/file*", async (route) => {
    await previewChecked;
    await route.continue();
  });
  await page.locator('input[type="file"]').first().setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: TINY_PNG,
  });
  const preview = page.getByRole("img", { name: /^New avatar of / });
  await expect(preview).toHaveAttribute("src", /^blob:/);
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  releaseUpload();
  await expect(preview).toHaveCount(0);
  expect(await violations(page)).toEqual([]);

  expect(watched.console).toEqual([]);
});

test("the API docs page works under its policy", async ({ page }) => {
  const watched = await watchPolicies(page);
  const answer = await page.goto("/api/docs/");
  expect(answer?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  // Swagger UI ran (its scripts are our files) and drew the API from the served description.
  const docs = page.locator("#swagger-ui");
  // The description is generated on its first request, a few seconds on a busy machine.
  await expect(docs).toContainText("Atelier API", { timeout: 45_000 });
  await expect(docs.getByText("/auth/login", { exact: true })).toBeVisible();
  // Issue 27: the page offers the description itself, as a file to save.
  const download = docs.getByRole("link", { name: "OpenAPI JSON" });
  await expect(download).toHaveAttribute("href", "/api/docs/json?download");
  const file = await page.request.get("/api/docs/json?download");
  expect(file.headers()["content-disposition"]).toBe('attachment; filename="atelier-openapi.json"');
  expect(await violations(page)).toEqual([]);
  expect(watched.console).toEqual([]);
});
