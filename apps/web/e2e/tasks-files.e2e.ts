import { customerWithProject, openProjectAs } from "./projects-support.ts";
import { checkA11y, expect, TINY_PNG, test, toastWith } from "./support.ts";
import { createTask, openTaskFromCard } from "./tasks-support.ts";

test("the owner adds description files to a saved task, then removes one", async ({ page }) => {
  const { owner, project } = await customerWithProject("task-files");
  const title = `Poster ${Date.now().toString(36)}`;
  await createTask(owner.token, project.id, title);

  await openProjectAs(page, owner, project);
  const panel = await openTaskFromCard(page, title);
  await expect(panel.getByText("No files yet.")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Remove files" })).toHaveCount(0);

  await panel.getByRole("button", { name: "Add files" }).click();
  const dialog = page.getByRole("dialog", { name: "Add description files" });
  await expect(dialog.getByRole("button", { name: "Add", exact: true })).toBeDisabled();
  await dialog.locator('input[type="file"]').setInputFiles([
    { name: "moodboard.png", mimeType: "image/png", buffer: TINY_PNG },
    { name: "brief.txt", mimeType: "text/plain", buffer: Buffer.from("A bold poster, two colours.") },
  ]);
  const attached = dialog.getByRole("list", { name: "Attached files" });
  await expect(attached).toContainText("moodboard.png");
  await expect(attached).toContainText("brief.txt");
  await checkA11y(page);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toastWith(page, "2 files added")).toBeVisible();
  await expect(dialog).toBeHidden();

  const files = panel.getByRole("list", { name: "Description files" });
  await expect(files.getByRole("link", { name: "moodboard.png" })).toBeVisible();
  await expect(files.getByRole("link", { name: "brief.txt" })).toBeVisible();

  await panel.getByRole("button", { name: "Remove files" }).click();
  const remove = page.getByRole("dialog", { name: "Remove description files" });
  await remove.getByRole("checkbox", { name: /brief\.txt/ }).check();
  await remove.getByRole("button", { name: "Remove" }).click();
  await expect(toastWith(page, "File removed")).toBeVisible();
  await expect(files.getByRole("link")).toHaveText(["moodboard.png"]);
});
