import { colourPng, designsRegion, expect, startedTask, thumbnails, uploadDesign } from "./designs-support.ts";
import { apiLogin, callApi, DEMO, loginAs, test } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

test("designs: the zip dialog shows the job's progress as a bar, then the link", async ({ page }) => {
  const { project, task, url } = await startedTask("designs-zip-progress");
  const designerToken = await apiLogin(DEMO.designer.email);
  const keys = [
    await uploadDesign(designerToken, "one.png", await colourPng(200, 80, 80)),
    await uploadDesign(designerToken, "two.png", await colourPng(80, 200, 80)),
    await uploadDesign(designerToken, "three.png", await colourPng(80, 80, 200)),
  ];
  await callApi(designerToken, "POST", "/v3/project/task/addDesign", {
    projectId: project.id,
    taskId: task.id,
    addedDesignsFileKeys: keys,
  });
  await loginAs(page, DEMO.projectManager.email);
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await expect(thumbnails(panel)).toHaveCount(3, { timeout: 30_000 });

  // Polls wait (and then go to the real server) until the first answer has been looked at: the
  // zip is queued by zipDesign in its transaction, so that answer is always "0 of 3 written".
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/getZipLink", async (route) => {
    await held;
    await route.continue();
  });
  await designsRegion(panel).getByRole("button", { name: "Download zip" }).click();
  const dialog = page.getByRole("dialog", { name: "Download designs" });
  const bar = dialog.getByRole("progressbar", { name: "Zipping: 0 of 3 files" });
  await expect(bar).toBeAttached();
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
  await expect(dialog.getByText("0 of 3 files")).toBeVisible();

  release();
  await expect(dialog.getByRole("link", { name: "Download zip" })).toBeVisible();
  await expect(dialog.getByRole("progressbar")).toHaveCount(0);
});
