import type { Page } from "@playwright/test";
import { colourPng, pageFor, startedTask, thumbnails, uploadDesign, viewer } from "./designs-support.ts";
import { apiLogin, callApi, DEMO, expect, loginAs, test } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

/** A started task with one design by the demo designer, submitted for review when asked. */
async function taskWithDesign(label: string) {
  const started = await startedTask(label);
  const designerToken = await apiLogin(DEMO.designer.email);
  const key = await uploadDesign(designerToken, "cover.png", await colourPng(30, 60, 160));
  await callApi(designerToken, "POST", "/v3/project/task/addDesign", {
    projectId: started.project.id,
    taskId: started.task.id,
    addedDesignsFileKeys: [key],
  });
  const submitForReview = () =>
    callApi(designerToken, "POST", "/v3/project/task/updateStatus", {
      projectId: started.project.id,
      taskId: started.task.id,
      taskStatus: "review",
    });
  return { ...started, designerToken, submitForReview };
}

async function openTask(page: Page, url: string, title: string) {
  await page.goto(url);
  const panel = taskPanel(page, title);
  await expect(thumbnails(panel)).toHaveCount(1);
  return panel;
}

test("the customer's open task offers Approve task as soon as the designer submits it for review", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { owner, task, url, submitForReview } = await taskWithDesign("review-live");
  const customer = await pageFor(browser, owner.email, owner.password);
  const panel = await openTask(customer, url, task.title);
  await expect(panel.getByRole("button", { name: "Approve task" })).toHaveCount(0);

  await submitForReview();
  await expect(panel.getByRole("button", { name: "Approve task" })).toBeVisible();
  await customer.context().close();
});

test("a change request's note reaches the designer on the task, the design and the messages feed, live", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { owner, task, url, submitForReview } = await taskWithDesign("review-note");
  await submitForReview();
  await loginAs(page, DEMO.designer.email);
  const designerPanel = await openTask(page, url, task.title);

  // The customer asks for changes with a note.
  const customer = await pageFor(browser, owner.email, owner.password);
  await thumbnails(await openTask(customer, url, task.title))
    .first()
    .click();
  const note = `Darker blue, and make the text bigger please ${Date.now().toString(36)}`;
  await viewer(customer, "cover.png").getByRole("button", { name: "Request changes" }).click();
  const dialog = customer.getByRole("dialog", { name: "Request changes" });
  await dialog.getByLabel("Note for the designer").fill(note);
  await dialog.getByRole("button", { name: "Request changes" }).click();
  await expect(dialog).toHaveCount(0);

  // The designer's open task shows the note without reload, and so does the design.
  await expect(designerPanel.getByRole("note", { name: "Changes requested" })).toContainText(note);
  await thumbnails(designerPanel).first().click();
  await expect(viewer(page, "cover.png").getByRole("note", { name: "Changes requested" })).toContainText(note);
  await page.keyboard.press("Escape");

  // The designer's messages feed carries it too.
  await page.goto("/app/messages");
  await expect(page.getByRole("main")).toContainText(note);
  await customer.context().close();
});
