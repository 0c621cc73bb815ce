import type { Locator } from "@playwright/test";
import { colourPng, expect, startedTask, thumbnails, uploadDesign, viewer } from "./designs-support.ts";
import { apiLogin, callApi, DEMO, loginAs, test } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

/** A started task with one image the demo designer delivered: answers its designer file's uuid. */
async function taskWithImage(label: string) {
  const started = await startedTask(label);
  const designerToken = await apiLogin(DEMO.designer.email);
  const key = await uploadDesign(designerToken, "cover.png", await colourPng(60, 140, 200, 400));
  const added = await callApi<{ designerFileList: { uuid: string }[] }>(
    designerToken,
    "POST",
    "/v3/project/task/addDesign",
    {
      projectId: started.project.id,
      taskId: started.task.id,
      addedDesignsFileKeys: [key],
    },
  );
  return { ...started, designerToken, fileUuid: added.designerFileList[0]?.uuid ?? "" };
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("no box");
  return box;
}

test("designs: a rectangle dragged on the image is the comment's pinned area", async ({ page }) => {
  const { owner, task, url } = await taskWithImage("designs-rect");
  await loginAs(page, owner.email, owner.password);
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await thumbnails(panel).first().click();
  const view = viewer(page, "cover.png");
  const frame = view.getByTestId("design-frame");
  await expect(frame.getByRole("img", { name: /cover\.png/ })).toBeVisible();
  const image = await boxOf(frame);

  // Drag from 20%/30% to 60%/80% of the image with the mouse.
  const at = (x: number, y: number) => [image.x + image.width * x, image.y + image.height * y] as const;
  await page.mouse.move(...at(0.2, 0.3));
  await page.mouse.down();
  await page.mouse.move(...at(0.4, 0.55), { steps: 4 });
  await page.mouse.move(...at(0.6, 0.8), { steps: 4 });
  await page.mouse.up();
  await expect(view.getByText("Pinned to an area of the image.")).toBeVisible();
  await view.getByLabel("New comment pinned on the image").fill("Make this block calmer.");
  await view.getByRole("button", { name: "Add comment" }).click();
  const thread = view.getByRole("listitem", { name: "Comment 1" });
  await expect(thread).toContainText("Make this block calmer.");

  // The saved comment draws its area where it was dragged (after a reload, which keeps the viewer
  // open: the server's pin).
  await page.reload();
  const area = viewer(page, "cover.png").getByTestId("pin-area-1");
  await expect(area).toBeVisible();
  const reloaded = await boxOf(viewer(page, "cover.png").getByTestId("design-frame"));
  const box = await boxOf(area);
  const near = (value: number, expected: number) => expect(Math.abs(value - expected)).toBeLessThan(0.03);
  near((box.x - reloaded.x) / reloaded.width, 0.2);
  near((box.y - reloaded.y) / reloaded.height, 0.3);
  near(box.width / reloaded.width, 0.4);
  near(box.height / reloaded.height, 0.5);
  // Its pin sits at the area's corner and opens its thread.
  const reopened = viewer(page, "cover.png");
  await reopened.getByTestId("design-frame").getByRole("button", { name: "Comment 1", exact: true }).click();
  await expect(reopened.getByRole("button", { name: "Show comment 1 on the image" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});

test("designs: comparing an image with a version that is not one shows both as files side by side", async ({
  page,
}) => {
  const { owner, project, task, url, designerToken, fileUuid } = await taskWithImage("designs-compare");
  const pdf = await uploadDesign(
    designerToken,
    "cover.pdf",
    Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n"),
  );
  await callApi(designerToken, "POST", "/v3/project/task/addDesignVersion", {
    projectId: project.id,
    taskId: task.id,
    designerFileUuid: fileUuid,
    designerFileKey: pdf,
  });
  await loginAs(page, owner.email, owner.password);
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await thumbnails(panel).first().click();
  const view = viewer(page, "cover.pdf");
  await view.getByRole("combobox", { name: "Compare with" }).click();
  await page.getByRole("option", { name: /^Version 1 / }).click();
  const compare = view.getByRole("group", { name: "Compare versions" });
  await expect(compare.getByText("shown side by side as files")).toBeVisible();
  // The image as an image, the PDF as its card (type, size, download); no broken image, no slider.
  await expect(compare.getByRole("img", { name: /^Version 1 / })).toBeVisible();
  await expect(compare.getByRole("link", { name: "Download cover.pdf" })).toBeVisible();
  await expect(compare.getByText(/application\/pdf · \d+ B/)).toBeVisible();
  await expect(compare.getByRole("img", { name: /^Version 2 / })).toHaveCount(0);
  await expect(compare.getByRole("radiogroup", { name: "Compare mode" })).toHaveCount(0);
});
