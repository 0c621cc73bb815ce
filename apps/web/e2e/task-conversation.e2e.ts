import type { Page } from "@playwright/test";
import { pageFor } from "./designs-support.ts";
import { customerWithProject } from "./projects-support.ts";
import { apiLogin, checkA11y, DEMO, expect, loginAs, test, toastWith } from "./support.ts";
import { assignAndStart, createTask, expectNoHorizontalScroll, taskPanel } from "./tasks-support.ts";

/** Resolves once the page's realtime stream has answered (its changes arrive from then on). */
function streamOpened(page: Page) {
  return page.waitForResponse((response) => /\/chat\/channel\/[^/]+\/stream/.test(response.url()));
}

test("a task without designs: the customer asks, the designer sees it live and replies with a mention, live back", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { owner, project } = await customerWithProject("task-talk", { name: "Mira", surname: "Lindqvist" });
  const title = `Brochure ${Date.now().toString(36)}`;
  const task = await createTask(owner.token, project.id, title);
  // The demo designer joins the team by assignment; no design is uploaded.
  await assignAndStart(await apiLogin(DEMO.projectManager.email), task);
  const url = `/app/project/${project.id}/task/${task.id}`;

  // The designer looks at the task on a phone.
  const designer = await pageFor(browser, DEMO.designer.email);
  await designer.setViewportSize({ width: 390, height: 844 });
  const designerStream = streamOpened(designer);
  await designer.goto(url);
  const designerPanel = taskPanel(designer, title);
  const designerTalk = designerPanel.getByRole("region", { name: "Conversation" });
  await expect(designerTalk.getByText("No comments yet.")).toBeVisible();
  await designerStream;

  await loginAs(page, owner.email, owner.password);
  const ownerStream = streamOpened(page);
  await page.goto(url);
  const ownerTalk = taskPanel(page, title).getByRole("region", { name: "Conversation" });
  await expect(ownerTalk.getByText("No comments yet.")).toBeVisible();
  await ownerStream;
  await ownerTalk.getByLabel("New comment").fill("Can the cover use our new teal?");
  await ownerTalk.getByRole("button", { name: "Add comment" }).click();
  await expect(ownerTalk.getByRole("listitem", { name: "Comment by Mira L." })).toContainText("our new teal");

  // Live on the designer's screen, without reload.
  const thread = designerTalk.getByRole("listitem", { name: "Comment by Mira L." });
  await expect(thread).toContainText("Can the cover use our new teal?");
  await thread.getByRole("button", { name: "Reply" }).click();
  const reply = thread.getByLabel("Reply to Mira L.");
  // Typing @ offers the team; the keyboard picks the person.
  await reply.pressSequentially("Yes @Mi");
  await expect(designer.getByRole("option", { name: "Mira L." })).toBeVisible();
  await reply.press("Enter");
  await expect(reply).toHaveValue("Yes @Mira L. ");
  await reply.pressSequentially("see the draft tomorrow.");
  await thread.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(thread.getByRole("list", { name: "Replies to Mira L." })).toContainText("see the draft tomorrow.");
  await expectNoHorizontalScroll(designer);

  // Live back on the customer's screen, the mention marked.
  const replies = ownerTalk.getByRole("list", { name: "Replies to Mira L." });
  await expect(replies).toContainText("Yes @Mira L. see the draft tomorrow.");
  await expect(replies.getByText("@Mira L.", { exact: true })).toBeVisible();
  await checkA11y(page, { include: "[role=dialog]" });

  // The customer takes the question back (asked first): it goes from the designer's screen too.
  const mine = ownerTalk.getByRole("listitem", { name: "Comment by Mira L." });
  await mine.getByRole("button", { name: "Remove" }).first().click();
  await page.getByRole("dialog", { name: "Remove comment" }).getByRole("button", { name: "Remove" }).click();
  await expect(toastWith(page, "Comment removed")).toBeVisible();
  await expect(ownerTalk.getByText("No comments yet.")).toBeVisible();
  await expect(designerTalk.getByText("No comments yet.")).toBeVisible();
});
