import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  colourPng,
  designsRegion,
  expect,
  pageFor,
  readZip,
  startedTask,
  thumbnails,
  viewer,
} from "./designs-support.ts";
import { DEMO, TINY_PNG, test, toastWith } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

test("the review loop: upload with progress, pinned comment, reply, new version, compare, feedback, approval, zip", async ({
  page,
  browser,
}, testInfo) => {
  // Three people in their own browsers, each taking several steps.
  test.setTimeout(180_000);
  const { owner, task, url } = await startedTask("designs-journey");
  const files = [
    { name: "alpha.png", mimeType: "image/png", buffer: await colourPng(200, 40, 40) },
    { name: "beta.png", mimeType: "image/png", buffer: await colourPng(40, 160, 40) },
    { name: "gamma.png", mimeType: "image/png", buffer: await colourPng(40, 40, 200) },
  ];

  // The designer uploads three images: each shows its progress, and Submit waits for all of them.
  const designer = await pageFor(browser, DEMO.designer.email);
  await designer.goto(url);
  const designerPanel = taskPanel(designer, task.title);
  await designsRegion(designerPanel).getByRole("button", { name: "Upload designs" }).click();
  const upload = designer.getByRole("dialog", { name: "Upload designer files" });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await designer.route("**/upload/file**", async (route) => {
    await held;
    await route.continue();
  });
  await upload.locator('input[type="file"]').setInputFiles(files);
  const list = upload.getByRole("list", { name: "Files to add" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  // Each file has its own bar (held at the start while the server holds the request).
  await expect(list.getByRole("progressbar", { name: /: Uploading, \d+%$/ })).toHaveCount(3);
  await expect(upload.getByRole("button", { name: "Submit" })).toBeDisabled();
  release();
  for (const file of files) {
    await expect(list.getByRole("progressbar", { name: `${file.name}: Uploaded` })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
  }
  await designer.unroute("**/upload/file**");
  await upload.getByRole("button", { name: "Submit" }).click();
  await expect(toastWith(designer, "Designs added")).toBeVisible();
  await expect(thumbnails(designerPanel)).toHaveCount(3);
  await expect(thumbnails(designerPanel).nth(1)).toHaveAccessibleName(/^Open beta\.png/);
  await designerPanel.getByRole("button", { name: "Submit for review" }).click();
  await expect(toastWith(designer, "Task moved to In review")).toBeVisible();

  // The customer sees three new files, opens the second and pins a comment on it.
  await page.goto("/app/auth/login");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await expect(thumbnails(panel)).toHaveCount(3);
  await expect(thumbnails(panel).nth(1)).toHaveAccessibleName("Open beta.png (new)");
  await thumbnails(panel).nth(1).click();
  const view = viewer(page, "beta.png");
  await expect(view).toBeVisible();
  await expect(view.getByRole("img", { name: "beta.png, version 1" })).toBeVisible();
  await view.getByTestId("design-frame").click({ position: { x: 40, y: 30 } });
  await expect(view.getByTestId("draft-pin")).toBeVisible();
  await view.getByLabel("New comment pinned on the image").fill("Can the green be warmer here?");
  await view.getByRole("button", { name: "Add comment" }).click();
  await expect(view.getByRole("button", { name: "Comment 1", exact: true })).toBeVisible();
  await expect(view.getByRole("listitem", { name: "Comment 1" })).toContainText("Can the green be warmer here?");
  // Arrow keys move between files.
  await view.getByRole("button", { name: "Next file" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(viewer(page, "alpha.png")).toBeVisible();
  // The live refresh of the comment just added can redraw the toolbar under the focus: the key
  // goes to the viewer, as a user's would after a click into it.
  await viewer(page, "alpha.png").getByRole("button", { name: "Next file" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(view).toBeVisible();

  // The designer replies and uploads a new version of it.
  await designer.reload();
  await thumbnails(designerPanel).nth(1).click();
  const designerView = viewer(designer, "beta.png");
  const thread = designerView.getByRole("listitem", { name: "Comment 1" });
  await expect(thread).toContainText("Can the green be warmer here?");
  await thread.getByRole("button", { name: "Reply" }).click();
  await thread.getByLabel("Reply to comment 1").fill("Warmer green in version 2.");
  await thread.getByRole("button", { name: "Reply", exact: true }).last().click();
  await expect(thread.getByRole("list", { name: "Replies to comment 1" })).toContainText("Warmer green in version 2.");
  await designerView.getByRole("button", { name: "Upload new version" }).click();
  const versionDialog = designer.getByRole("dialog", { name: "New version of beta.png" });
  const beta2 = await colourPng(120, 170, 40);
  await versionDialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "beta.png", mimeType: "image/png", buffer: beta2 });
  await expect(versionDialog.getByRole("progressbar", { name: "beta.png: Uploaded" })).toBeVisible();
  await versionDialog.getByRole("button", { name: "Submit" }).click();
  await expect(toastWith(designer, "New version added")).toBeVisible();
  await designer.context().close();

  // The customer compares the versions, approves the design and then the task.
  // The viewer's place is in the address: a reload opens it again; closed, the panel shows v2.
  await page.reload();
  await view.getByRole("button", { name: "Close viewer" }).click();
  await thumbnails(panel).nth(1).click();
  await expect(view.getByRole("img", { name: "beta.png, version 2" })).toBeVisible();
  await view.getByRole("combobox", { name: "Compare with" }).click();
  await page.getByRole("option", { name: /^Version 1/ }).click();
  const compare = view.getByRole("group", { name: "Compare versions" });
  await expect(compare.getByRole("img", { name: /^Version 1/ })).toBeVisible();
  await expect(compare.getByRole("img", { name: /^Version 2/ })).toBeVisible();
  await compare.getByText("Slider").click();
  await expect(compare.getByRole("slider")).toBeVisible();
  await compare.getByRole("slider").focus();
  await page.keyboard.press("ArrowRight");
  await expect(compare.getByRole("slider")).toHaveAttribute("aria-valuenow", "51");
  await view.getByRole("button", { name: "Approve design" }).click();
  const feedback = page.getByRole("dialog", { name: "Approve design" });
  await feedback.getByLabel("Note for the designer").fill("Lovely.");
  await feedback.getByRole("button", { name: "Approve design" }).click();
  await expect(toastWith(page, "Design approved")).toBeVisible();
  await expect(view.getByText("Approved", { exact: true })).toBeVisible();
  await view.getByRole("button", { name: "Close viewer" }).click();
  await designsRegion(panel).getByRole("button", { name: "Approve task" }).click();
  await page.getByRole("dialog", { name: "Approve task" }).getByRole("button", { name: "Approve task" }).click();
  await expect(toastWith(page, "Task approved")).toBeVisible();

  // The project manager downloads the zip: it holds the three current files with their bytes.
  const pm = await pageFor(browser, DEMO.projectManager.email);
  await pm.goto(url);
  await designsRegion(taskPanel(pm, task.title)).getByRole("button", { name: "Download zip" }).click();
  const zipDialog = pm.getByRole("dialog", { name: "Download designs" });
  const link = zipDialog.getByRole("link", { name: "Download zip" });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([pm.waitForEvent("download"), link.click()]);
  const saved = path.join(testInfo.outputDir, "designs.zip");
  await download.saveAs(saved);
  const entries = await readZip(saved);
  expect([...entries.keys()].sort()).toEqual(["alpha.png", "beta.png", "gamma.png"]);
  expect(entries.get("beta.png")?.equals(beta2)).toBe(true);
  expect(entries.get("alpha.png")?.equals(files[0]?.buffer ?? TINY_PNG)).toBe(true);
  expect((await readFile(saved)).length).toBeGreaterThan(0);
  await pm.context().close();
});
