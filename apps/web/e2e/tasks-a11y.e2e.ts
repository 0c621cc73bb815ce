import type { Page } from "@playwright/test";
import { customerWithProject } from "./projects-support.ts";
import { apiLogin, checkA11y, DEMO, expect, TINY_PNG, test } from "./support.ts";
import {
  assignAndStart,
  createTask,
  expectNoHorizontalScroll,
  openTaskFromCard,
  signIn,
  uploadFile,
} from "./tasks-support.ts";

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 375, height: 740 } },
];

/** axe on the page, and at phone width no sideways scrolling. */
async function check(page: Page, phone: boolean): Promise<void> {
  await checkA11y(page);
  if (phone) await expectNoHorizontalScroll(page);
}

for (const { name, viewport } of VIEWPORTS) {
  const phone = name === "phone";
  test.describe(`accessibility of the task screens (${name})`, () => {
    test.use({ viewport });
    // Eight axe runs over a page with a side sheet and a dialog: slower than one journey step.
    test.describe.configure({ timeout: 150_000 });

    test("the owner's board, panel and dialogs", async ({ page }) => {
      const { owner, project } = await customerWithProject(`a11y-tasks-${name}`);
      await signIn(page, owner.email, owner.password);
      await page.goto(`/app/project/${project.id}`);
      await expect(page.getByText("No tasks yet")).toBeVisible();
      await check(page, phone);

      await page.getByRole("button", { name: "Add the first task" }).click();
      const create = page.getByRole("dialog", { name: "New task" });
      await create.getByRole("button", { name: "Add task" }).click();
      await expect(create.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
      await check(page, phone);
      await page.keyboard.press("Escape");

      const key = await uploadFile(owner.token, "brief.png", "image/png", TINY_PNG);
      const task = await createTask(owner.token, project.id, "An accessible task", {
        description: "Described for everyone.",
        descriptionFileKeys: [key],
      });
      const admin = await apiLogin(DEMO.admin.email);
      await assignAndStart(admin, task);
      await page.reload();
      await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
      await check(page, phone);

      const panel = await openTaskFromCard(page, "An accessible task");
      await expect(panel.getByRole("list", { name: "Task history" })).toBeVisible();
      await check(page, phone);

      for (const [button, dialogName] of [
        ["Edit", "Edit task"],
        ["Set deadline", "Set deadline"],
        ["Set priority", "Set priority"],
        ["Remove files", "Remove description files"],
        ["Delete", "Delete task"],
      ] as const) {
        await panel.getByRole("button", { name: button, exact: true }).click();
        const dialog = page.getByRole("dialog", { name: dialogName });
        await expect(dialog).toBeVisible();
        await check(page, phone);
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      }

      await page.keyboard.press("Escape");
      await page.getByRole("radiogroup", { name: "Which tasks" }).getByText("Archived tasks", { exact: true }).click();
      await expect(page.getByText("No archived tasks")).toBeVisible();
      await check(page, phone);
    });

    test("staff dialogs: assign designer and start task; the dashboard", async ({ page }) => {
      const { owner, project } = await customerWithProject(`a11y-staff-${name}`);
      await createTask(owner.token, project.id, "Staff task");
      await signIn(page, DEMO.admin.email);
      await page.goto(`/app/project/${project.id}`);
      const panel = await openTaskFromCard(page, "Staff task");
      await panel.getByRole("button", { name: "Assign designer" }).click();
      const assign = page.getByRole("dialog", { name: "Assign designer" });
      await expect(assign.getByRole("group", { name: "Other designers" })).toBeVisible();
      await check(page, phone);
      await assign
        .getByRole("radio", { name: new RegExp(`${DEMO.designer.name} ${DEMO.designer.surname[0]}`) })
        .check();
      await assign.getByRole("button", { name: "Assign" }).click();
      await expect(assign).toBeHidden();

      await panel.getByRole("button", { name: "Start task" }).click();
      const start = page.getByRole("dialog", { name: "Start task" });
      await expect(start.getByRole("slider", { name: "Time to completion in hours" })).toBeVisible();
      await check(page, phone);
      await page.keyboard.press("Escape");

      await page.goto("/app/tasks");
      await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
      await check(page, phone);
    });
  });
}
