import type { Locator, Page } from "@playwright/test";
import { E2E } from "./env.ts";
import { expectLayoutFits, WIDTHS } from "./layout-support.ts";
import { customerWithProject, inviteToProject } from "./projects-support.ts";
import { apiLogin, DEMO, expect, submitLogin, test } from "./support.ts";
import { assignAndStart, type CreatedTask, createTask } from "./tasks-support.ts";

/**
 * Every screen and dialog, per role, at 390 px and 1366 px: no interactive element lies outside
 * the viewport or under something else, and no button or badge text is cut (issue 29). One
 * signed-in context per role, one page per width; the scene is built through the API.
 */

interface Scene {
  owner: { email: string; password: string };
  projectId: string;
  projectName: string;
  task: CreatedTask;
}

let scene: Scene;

test.beforeAll(async () => {
  const { owner, project } = await customerWithProject("layout", { name: "Lorelai", surname: "Layout-Checker" });
  const admin = await apiLogin(DEMO.admin.email);
  for (const [email, role] of [
    [DEMO.designer.email, "designer"],
    [DEMO.projectManager.email, "projectManager"],
    [DEMO.admin.email, "projectManager"],
  ] as const) {
    await inviteToProject(admin, { projectId: project.id, email, role });
  }
  const task = await createTask(owner.token, project.id, "Layout check: a poster with a rather long title", {
    description: "A description long enough to wrap on a phone screen, as real briefs do.",
  });
  await assignAndStart(admin, task);
  // A second task after the team is complete leaves the staff an unread message.
  await createTask(owner.token, project.id, "Layout check: flyer");
  scene = { owner, projectId: project.id, projectName: project.name, task };
});

/** Clicks a button (in `scope`), checks the dialog it opens, and closes it again with Escape. */
async function checkDialog(page: Page, scope: Page | Locator, button: string | RegExp, dialog: string | RegExp) {
  await scope
    .getByRole("button", { name: button, exact: typeof button === "string" })
    .first()
    .click();
  const opened = page.getByRole("dialog", { name: dialog }).last();
  await expect(opened).toBeVisible();
  await expect(opened.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
  await expectLayoutFits(page, `dialog ${dialog}`);
  await page.keyboard.press("Escape");
  await expect(opened).toBeHidden();
}

/**
 * Opens a screen the way the app's own links do (history push, no reload): a reload per screen
 * would start the whole app again, which is most of such a walk's time.
 */
async function go(page: Page, path: string) {
  if (!page.url().includes("/app/") || page.url().includes("/app/auth/")) {
    await page.goto(`/app${path}`);
    return;
  }
  await page.evaluate((url) => {
    window.history.pushState(null, "", url);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, `/app${path}`);
}

async function visit(page: Page, path: string, heading: string | RegExp) {
  await go(page, path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status", { name: /^Loading/ })).toHaveCount(0);
}

/**
 * The users list pages through every account the other journeys made: the demo designer is found
 * by e-mail, as staff would find them.
 */
async function findDemoDesigner(page: Page) {
  await page.getByRole("searchbox", { name: "Search users" }).fill(DEMO.designer.email);
  await expect(
    page.getByRole("main").getByRole("button", { name: `Edit ${DEMO.designer.name} ${DEMO.designer.surname}` }),
  ).toBeVisible();
}

type Role = keyof typeof DEMO;
const STAFF: readonly Role[] = ["admin", "projectManager"];

/** The screens and dialogs of one role, checked on a page of one width. */
async function walk(page: Page, role: Role) {
  const staff = STAFF.includes(role);
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  if (phone) {
    // The burger menu, opened.
    await visit(page, role === "designer" ? "/schedule" : "/projects", role === "designer" ? "Schedule" : "Projects");
    if (staff) {
      // Issue 29 point 5: the unread count shows beside the closed menu, and leads to the feed.
      const shortcut = page.getByRole("banner").getByRole("link", { name: /^\d+ unread messages$/ });
      await expect(shortcut).toBeVisible();
    }
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Settings" })).toBeVisible();
    await expectLayoutFits(page, "the open menu", "header, #mobile-menu");
    await page.getByRole("button", { name: "Close menu" }).click();
  }

  if (staff) {
    await visit(page, "/tasks", "Tasks");
    await expectLayoutFits(page, "/tasks");
    await checkDialog(page, page.getByRole("banner"), "New Project", "New project");
    await visit(page, "/users", "Users");
    await expectLayoutFits(page, "/users");
    await checkDialog(page, page, "Add User", "Add user");
    await findDemoDesigner(page);
    await checkDialog(
      page,
      page.getByRole("main"),
      `Edit ${DEMO.designer.name} ${DEMO.designer.surname}`,
      "Update user",
    );
    await checkDialog(
      page,
      page.getByRole("main"),
      `Info about ${DEMO.designer.name} ${DEMO.designer.surname}`,
      "User info",
    );
    await checkDialog(
      page,
      page.getByRole("main"),
      `Remove ${DEMO.designer.name} ${DEMO.designer.surname}`,
      "Remove user",
    );
    await visit(page, "/designers", "Designers");
    await expectLayoutFits(page, "/designers");
    await visit(page, "/messages", "Messages");
    await expectLayoutFits(page, "/messages");
    await visit(page, "/schedule", "Schedule");
    await expectLayoutFits(page, "/schedule");
  }
  if (role === "admin") {
    await visit(page, "/users", "Users");
    await findDemoDesigner(page);
    await checkDialog(
      page,
      page.getByRole("main"),
      `Payment to ${DEMO.designer.name} ${DEMO.designer.surname}`,
      /^Payment to/,
    );
    await visit(page, "/payments", "Payments");
    await expectLayoutFits(page, "/payments");
  }
  if (role === "designer") {
    await visit(page, "/schedule", "Schedule");
    await expectLayoutFits(page, "/schedule");
    await visit(page, "/messages", "Messages");
    await expectLayoutFits(page, "/messages");
  }

  await visit(page, "/projects", "Projects");
  await expectLayoutFits(page, "/projects");
  if (role === "customer") await checkDialog(page, page, "New Project", "New project");

  await visit(page, `/project/${scene.projectId}`, scene.projectName);
  await expectLayoutFits(page, "the project screen");
  const main = page.getByRole("main");
  await checkDialog(page, main, "Team", "Team");
  if (role !== "customer") await checkDialog(page, main, "Notes", "Client character notes");
  if (role !== "designer") {
    await checkDialog(page, main, "Settings", "Project settings");
    await checkDialog(page, main, "New task", "New task");
    await checkDialog(page, main, "Archive", "Archive project");
    await checkDialog(page, main, "Remove", "Remove project");
  }
  if (role === "customer" || staff) await checkDialog(page, page.getByRole("main"), "Plan", "Plan and balance");
  if (role === "customer") {
    // Billing step 1: the payment methods (issue 29 point 17).
    await page.getByRole("main").getByRole("button", { name: "Plan", exact: true }).click();
    const plan = page.getByRole("dialog", { name: "Plan and balance" });
    await plan.getByRole("combobox", { name: "Plan" }).click();
    await page.getByRole("option", { name: /^Premium ·/ }).click();
    await plan.getByRole("button", { name: "Choose plan" }).click();
    const payment = page.getByRole("dialog", { name: "Payment plan" });
    await expect(payment.getByText("Step 1 of 4: Payment method")).toBeVisible();
    await expectLayoutFits(page, "billing step 1");
    // Step 2, the billing details form.
    await payment.getByRole("button", { name: "Pay by Credit card" }).click();
    await expect(payment.getByText("Step 2 of 4: Billing details")).toBeVisible();
    await expectLayoutFits(page, "billing step 2");
    await page.keyboard.press("Escape");
    await expect(payment).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(plan).toBeHidden();
  }

  await go(page, `/project/${scene.projectId}/task/${scene.task.id}`);
  const panel = page.getByRole("dialog", { name: scene.task.title });
  await expect(panel.getByRole("group", { name: "Task actions" })).toBeVisible();
  await expectLayoutFits(page, "the task panel");
  if (role !== "designer") {
    await checkDialog(page, panel, "Edit", "Edit task");
    await checkDialog(page, panel, "Set priority", "Set priority");
    await checkDialog(page, panel, "Set deadline", "Set deadline");
    await checkDialog(page, panel, "Delete", "Delete task");
  }
  if (staff) await checkDialog(page, panel, "Change designer", "Assign designer");
  if (role === "designer") {
    await checkDialog(page, panel, "Revise estimates", "Revise estimates");
    await checkDialog(page, panel, "Upload designs", "Upload designer files");
  }

  await visit(page, "/user/settings", "Settings");
  await expectLayoutFits(page, "/user/settings");
  // Opening these changes nothing until confirmed; the demo accounts' own settings stay untouched.
  if (role === "customer") {
    await checkDialog(page, page.getByRole("main"), "Turn on two-factor sign-in", "Turn on two-factor sign-in");
    await checkDialog(page, page.getByRole("main"), "Remove all my information", "Remove all my information");
  }
}

/** The test's page signs in; the other widths get their own page in its (signed-in) context. */
async function signedInPages(page: Page, role: Role): Promise<Page[]> {
  const email = role === "customer" ? scene.owner.email : DEMO[role].email;
  const password = role === "customer" ? scene.owner.password : E2E.demoPassword;
  await page.goto("/app/auth/login");
  await submitLogin(page, email, password);
  await expect(page.getByRole("button", { name: /^(Logout|Open menu)$/ })).toBeVisible();
  const pages = [page];
  for (const _ of WIDTHS.slice(1)) {
    const other = await page.context().newPage();
    // The fixture fails the test on uncaught errors of its own page only.
    other.on("pageerror", (error) => expect.soft(error.stack ?? error.message, "uncaught error").toBe(""));
    pages.push(other);
  }
  // No sliding or fading (the app honours reduced motion): each dialog has its final box at once.
  for (const each of pages) await each.emulateMedia({ reducedMotion: "reduce" });
  for (const [index, size] of WIDTHS.entries()) {
    await pages[index]?.setViewportSize({ width: size.width, height: size.height });
  }
  return pages;
}

for (const role of ["admin", "projectManager", "designer", "customer"] as const) {
  test(`every screen and dialog of a ${role} fits 390 px and 1366 px`, async ({ page }) => {
    // An admin's walk is ~75 s on a quiet machine since issues 23-25 added screens and sections:
    // the check lays out every interactive element of every screen in turn.
    test.setTimeout(150_000);
    // The widths walk side by side: their pages are independent, and most of a walk is waiting.
    await Promise.all((await signedInPages(page, role)).map((each) => walk(each, role)));
  });
}

test("the open screens fit 390 px and 1366 px", async ({ page }) => {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const [path, heading] of [
      ["/auth/login", "Log in"],
      ["/auth/signup", "Sign up"],
      ["/auth/reset", "Reset password"],
      ["/onboard", "Welcome"],
    ] as const) {
      await page.goto(`/app${path}`);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectLayoutFits(page, path);
    }
  }
});
