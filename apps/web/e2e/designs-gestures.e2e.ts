import { colourPng, expect, startedTask, thumbnails, uploadDesign, viewer } from "./designs-support.ts";
import { apiLogin, callApi, DEMO, loginAs, test } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

/** A started task with two designs the demo designer uploaded. */
async function taskWithTwoDesigns() {
  const started = await startedTask("designs-gestures");
  const designerToken = await apiLogin(DEMO.designer.email);
  const keys = [
    await uploadDesign(designerToken, "first.png", await colourPng(230, 90, 90)),
    await uploadDesign(designerToken, "second.png", await colourPng(90, 90, 230)),
  ];
  await callApi(designerToken, "POST", "/v3/project/task/addDesign", {
    projectId: started.project.id,
    taskId: started.task.id,
    addedDesignsFileKeys: keys,
  });
  return started;
}

test("designs: the designer reorders files from the keyboard", async ({ page }) => {
  const { task, url } = await taskWithTwoDesigns();
  await loginAs(page, DEMO.designer.email);
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await expect(thumbnails(panel).first()).toHaveAccessibleName(/^Open first\.png/);
  // The sections below the thumbnails load after them: a drag starts once the panel stands still.
  await expect(panel.getByRole("region", { name: "Guest review links" })).toBeVisible();
  await panel.getByRole("button", { name: "Move second.png" }).focus();
  // Each step waits for what a screen reader hears, as the list re-measures between moves.
  const heard = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  await page.keyboard.press("Space");
  await heard("second.png moved to position 2 of 2.");
  await page.keyboard.press("ArrowLeft");
  await heard("second.png moved to position 1 of 2.");
  await page.keyboard.press("Space");
  await heard("second.png dropped at position 1 of 2.");
  await expect(thumbnails(panel).first()).toHaveAccessibleName(/^Open second\.png/);
  // The order is the server's now: it survives a reload.
  await page.reload();
  await expect(thumbnails(panel).first()).toHaveAccessibleName(/^Open second\.png/);
});

test("designs: on a phone a swipe moves to the next file", async ({ page }) => {
  const { task, url } = await taskWithTwoDesigns();
  await loginAs(page, DEMO.projectManager.email);
  // Signed in first: on a phone the Logout button that login waits for is in the burger menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await thumbnails(panel).first().click();
  const frame = viewer(page, "first.png").getByTestId("design-frame");
  await expect(frame).toBeVisible();
  const box = await frame.boundingBox();
  if (!box) throw new Error("the image has no box");
  const y = box.y + box.height / 2;
  const touch = { pointerType: "touch", pointerId: 7, isPrimary: true, button: 0, buttons: 1 };
  await frame.dispatchEvent("pointerdown", { ...touch, clientX: box.x + box.width - 10, clientY: y });
  await frame.dispatchEvent("pointermove", { ...touch, clientX: box.x + box.width / 2, clientY: y });
  await frame.dispatchEvent("pointermove", { ...touch, clientX: box.x + 10, clientY: y });
  await frame.dispatchEvent("pointerup", { ...touch, buttons: 0, clientX: box.x + 10, clientY: y });
  await expect(viewer(page, "second.png")).toBeVisible();
});
