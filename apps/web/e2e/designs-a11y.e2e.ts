import type { Page } from "@playwright/test";
import { colourPng, designsRegion, expect, startedTask, thumbnails, uploadDesign, viewer } from "./designs-support.ts";
import { apiLogin, callApi, checkA11y, DEMO, loginAs, test, toastWith } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

/** A task in review with two designs and a pinned comment by the owner, all set up through the API. */
async function reviewedTask() {
  const started = await startedTask("designs-a11y");
  const designerToken = await apiLogin(DEMO.designer.email);
  const keys = [
    await uploadDesign(designerToken, "one.png", await colourPng(220, 120, 20)),
    await uploadDesign(designerToken, "two.png", await colourPng(20, 120, 220)),
  ];
  const ref = { projectId: started.project.id, taskId: started.task.id };
  const designs = await callApi<{ designerFileList: { uuid: string }[] }>(
    designerToken,
    "POST",
    "/v3/project/task/addDesign",
    {
      ...ref,
      addedDesignsFileKeys: keys,
    },
  );
  await callApi(designerToken, "POST", "/v3/project/task/updateStatus", { ...ref, taskStatus: "review" });
  await callApi(started.owner.token, "POST", "/v3/project/task/comment", {
    ...ref,
    designerFileUuid: designs.designerFileList[0]?.uuid,
    comment: "Bigger headline, please.",
    pin: { type: "point", x: 0.3, y: 0.4 },
  });
  return started;
}

async function dialogA11y(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

for (const size of VIEWPORTS) {
  test(`designs: the viewer and every dialog pass axe (${size.name})`, async ({ page, browser }) => {
    test.setTimeout(150_000);
    const { owner, task, url } = await reviewedTask();

    // The owner: the section, the viewer with its pin and thread, feedback, approve, remove comment.
    // Signed in first: on a phone the Logout button that login waits for is in the burger menu.
    await loginAs(page, owner.email, owner.password);
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(url);
    const panel = taskPanel(page, task.title);
    await expect(thumbnails(panel)).toHaveCount(2);
    await checkA11y(page);
    await thumbnails(panel).first().click();
    const view = viewer(page, "one.png");
    await expect(view.getByRole("button", { name: "Comment 1", exact: true })).toBeVisible();
    await checkA11y(page);
    await view.getByRole("button", { name: "Approve design" }).click();
    await dialogA11y(page, "Approve design");
    await view.getByRole("button", { name: "Request changes" }).click();
    await dialogA11y(page, "Request changes");
    await view.getByRole("listitem", { name: "Comment 1" }).getByRole("button", { name: "Remove" }).click();
    await dialogA11y(page, "Remove comment");
    await view.getByRole("button", { name: "Close viewer" }).click();
    await designsRegion(panel).getByRole("button", { name: "Approve task" }).click();
    await dialogA11y(page, "Approve task");

    // The project manager, in a browser of their own: upload, remove one, remove all, zip.
    const pm = await (await browser.newContext()).newPage();
    await loginAs(pm, DEMO.projectManager.email);
    await pm.setViewportSize({ width: size.width, height: size.height });
    await pm.goto(url);
    const pmPanel = taskPanel(pm, task.title);
    await expect(thumbnails(pmPanel)).toHaveCount(2);
    await designsRegion(pmPanel).getByRole("button", { name: "Upload designs" }).click();
    await dialogA11y(pm, "Upload designer files");
    await designsRegion(pmPanel).getByRole("button", { name: "Remove all" }).click();
    await dialogA11y(pm, "Remove all designer files");
    await thumbnails(pmPanel).nth(1).click();
    await viewer(pm, "two.png").getByRole("button", { name: "Remove file" }).click();
    await dialogA11y(pm, "Remove designer file");
    await viewer(pm, "two.png").getByRole("button", { name: "Close viewer" }).click();
    await designsRegion(pmPanel).getByRole("button", { name: "Download zip" }).click();
    await expect(
      pm.getByRole("dialog", { name: "Download designs" }).getByRole("link", { name: "Download zip" }),
    ).toBeVisible();
    await dialogA11y(pm, "Download designs");
    await pm.context().close();
  });
}

test("designs: the zip dialog closes with SPEC §8's errors when there is nothing to zip or polling fails", async ({
  page,
}) => {
  const { url, task } = await reviewedTask();
  await loginAs(page, DEMO.projectManager.email);
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await expect(thumbnails(panel)).toHaveCount(2);
  const building = { success: true, zipCreated: false, designerFilesUploaded: true, linkToZip: null };

  // The files were removed meanwhile: the server says there is nothing to zip.
  await page.route("**/zipDesign", (route) =>
    route.fulfill({ json: { success: false, zipCreated: false, designerFilesUploaded: false, linkToZip: null } }),
  );
  await designsRegion(panel).getByRole("button", { name: "Download zip" }).click();
  await expect(toastWith(page, "No designer files on task")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Download designs" })).toHaveCount(0);

  // The build starts, then a poll fails.
  await page.unroute("**/zipDesign");
  await page.route("**/zipDesign", (route) => route.fulfill({ json: building }));
  await page.route("**/getZipLink", (route) => route.fulfill({ status: 503, body: "" }));
  await designsRegion(panel).getByRole("button", { name: "Download zip" }).click();
  await expect(toastWith(page, "Failed to ping Atelier")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Download designs" })).toHaveCount(0);
});
