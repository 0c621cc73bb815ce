import type { Locator, Page } from "@playwright/test";
import { colourPng, expect, startedTask, thumbnails, uploadDesign, viewer } from "./designs-support.ts";
import { apiLogin, callApi, DEMO, loginAs, test } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

/**
 * Issue 29, point 4: the viewer, a version and a comment have addresses of their own; a message
 * lands there; reload and back/forward keep the place. Point 16: nothing in the viewer is clipped.
 */

type Designs = { designerFileList: { uuid: string }[] };

/** A started task with cover.png commented by its owner on version 1, then given a version 2. */
async function commentedTwoVersions(label: string) {
  const started = await startedTask(label);
  const designerToken = await apiLogin(DEMO.designer.email);
  const ref = { projectId: started.project.id, taskId: started.task.id };
  const v1Key = await uploadDesign(designerToken, "cover.png", await colourPng(60, 140, 200, 400));
  const added = await callApi<Designs>(designerToken, "POST", "/v3/project/task/addDesign", {
    ...ref,
    addedDesignsFileKeys: [v1Key],
  });
  const v1 = added.designerFileList[0]?.uuid ?? "";
  const comment = await callApi<{ id: string }>(started.owner.token, "POST", "/v3/project/task/comment", {
    ...ref,
    designerFileUuid: v1,
    comment: "Warmer blue, please.",
  });
  const v2Key = await uploadDesign(designerToken, "cover.png", await colourPng(200, 90, 40, 400));
  const versioned = await callApi<Designs>(designerToken, "POST", "/v3/project/task/addDesignVersion", {
    ...ref,
    designerFileUuid: v1,
    designerFileKey: v2Key,
  });
  return { ...started, v1, v2: versioned.designerFileList[0]?.uuid ?? "", commentId: comment.id };
}

const versionPicker = (view: Locator) => view.getByRole("combobox", { name: "Version", exact: true });

async function expectInside(inner: Locator, outer: Locator, what: string) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) throw new Error(`no box for ${what}`);
  expect(a.x, `${what}: left edge`).toBeGreaterThanOrEqual(b.x - 0.5);
  expect(a.y, `${what}: top edge`).toBeGreaterThanOrEqual(b.y - 0.5);
  expect(a.x + a.width, `${what}: right edge`).toBeLessThanOrEqual(b.x + b.width + 0.5);
  expect(a.y + a.height, `${what}: bottom edge`).toBeLessThanOrEqual(b.y + b.height + 0.5);
}

/** No ancestor that clips its overflow (or the window) cuts any of the element off. */
async function expectUnclipped(element: Locator, what: string) {
  const cut = await element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const cuts: string[] = [];
    if (box.left < 0 || box.top < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight) {
      cuts.push("the window");
    }
    for (let parent = node.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === "visible" && style.overflowY === "visible" && style.clipPath === "none") continue;
      const outer = parent.getBoundingClientRect();
      if (
        box.left < outer.left - 0.5 ||
        box.right > outer.right + 0.5 ||
        box.top < outer.top - 0.5 ||
        box.bottom > outer.bottom + 0.5
      ) {
        cuts.push(parent.className || parent.tagName);
      }
    }
    return cuts;
  });
  expect(cut, `${what} is cut off by`).toEqual([]);
}

/** The text of an input fits it: no part of the chosen value is cut off. */
async function expectTextFits(input: Locator, what: string) {
  const sizes = await input.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(sizes.scroll, `${what} shows its whole value`).toBeLessThanOrEqual(sizes.client);
}

async function expectCommentLanded(page: Page) {
  const view = viewer(page, "cover.png");
  await expect(view).toBeVisible();
  await expect(versionPicker(view)).toHaveValue(/^Version 1 /);
  const thread = view.getByRole("listitem", { name: "Comment 1" });
  await expect(thread).toHaveAttribute("aria-current", "true");
  await expect(thread).toContainText("Warmer blue, please.");
  await expect(thread).toBeInViewport();
}

test("a comment's message opens the viewer on its version and comment; reload, close and back/forward keep the place", async ({
  page,
}) => {
  const fixture = await commentedTwoVersions("design-links");
  const taskUrl = `/app/project/${fixture.project.id}/task/${fixture.task.id}`;
  await loginAs(page, DEMO.designer.email);
  await page.goto("/app/messages");
  const group = page.getByRole("region", { name: fixture.project.name });
  await group.getByRole("button", { name: /commented on cover\.png/ }).click();

  await expect(page).toHaveURL(`${taskUrl}?design=${fixture.v1}&comment=${fixture.commentId}`);
  await expectCommentLanded(page);
  await page.reload();
  await expectCommentLanded(page);

  // Came by link: closing leaves the task open at its own address.
  await viewer(page, "cover.png").getByRole("button", { name: "Close viewer" }).click();
  await expect(viewer(page, "cover.png")).toHaveCount(0);
  await expect(page).toHaveURL(taskUrl);

  // Opened here: the address names the file, then the version picked; Back closes, Forward reopens.
  const panel = taskPanel(page, fixture.task.title);
  await thumbnails(panel).first().click();
  await expect(page).toHaveURL(`${taskUrl}?design=${fixture.v2}`);
  const view = viewer(page, "cover.png");
  await expect(versionPicker(view)).toHaveValue(/^Version 2 /);
  await versionPicker(view).click();
  await page.getByRole("option", { name: /^Version 1 / }).click();
  await expect(page).toHaveURL(`${taskUrl}?design=${fixture.v2}&version=${fixture.v1}`);
  await expect(view.getByRole("listitem", { name: "Comment 1" })).toBeVisible();

  await page.goBack();
  await expect(viewer(page, "cover.png")).toHaveCount(0);
  await expect(page).toHaveURL(taskUrl);
  await expect(panel).toBeVisible();
  await page.goForward();
  await expect(versionPicker(viewer(page, "cover.png"))).toHaveValue(/^Version 1 /);
  await expect(page).toHaveURL(`${taskUrl}?design=${fixture.v2}&version=${fixture.v1}`);
});

test("the viewer's version picker and the compare slider's label are not clipped, on a phone too", async ({ page }) => {
  const fixture = await commentedTwoVersions("design-clip");
  await loginAs(page, fixture.owner.email, fixture.owner.password);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/app/project/${fixture.project.id}/task/${fixture.task.id}?design=${fixture.v2}`);
    const view = viewer(page, "cover.png");
    await expect(versionPicker(view)).toHaveValue(/^Version 2 /);
    await expectTextFits(versionPicker(view), `the version picker at ${size.width}px`);
    await expectInside(versionPicker(view), view, `the version picker at ${size.width}px`);
    await versionPicker(view).click();
    await expectUnclipped(page.getByRole("option", { name: /^Version 1 / }), `the version list at ${size.width}px`);
    await page.keyboard.press("Escape");

    const compare = view.getByRole("combobox", { name: "Compare with" });
    await compare.click();
    await page.getByRole("option", { name: /^Version 1 / }).click();
    await expectTextFits(compare, `the compare picker at ${size.width}px`);
    await view.getByText("Slider", { exact: true }).click();
    const thumb = view.getByRole("slider");
    await thumb.focus();
    await page.keyboard.press("End");
    const label = view.locator(".mantine-Slider-label");
    await expect(label).toHaveText("100%");
    await expectInside(label, view, `the slider's label at ${size.width}px`);
    await expectUnclipped(label, `the slider's label at ${size.width}px`);
    await page.keyboard.press("Home");
    await expect(label).toHaveText("0%");
    await expectInside(label, view, `the slider's label at 0% and ${size.width}px`);
    await expectUnclipped(label, `the slider's label at 0% and ${size.width}px`);
  }
});

test("a design's thumbnail says what it shows", async ({ page }) => {
  const fixture = await commentedTwoVersions("design-alt");
  await loginAs(page, fixture.owner.email, fixture.owner.password);
  await page.goto(`/app/project/${fixture.project.id}/task/${fixture.task.id}`);
  const panel = taskPanel(page, fixture.task.title);
  await expect(thumbnails(panel).first().getByRole("img")).toHaveAttribute("alt", "cover.png (thumbnail)");
});
