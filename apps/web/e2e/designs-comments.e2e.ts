import { colourPng, expect, startedTask, thumbnails, uploadDesign, viewer } from "./designs-support.ts";
import { apiLogin, callApi, DEMO, loginAs, test, toastWith } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

test("designs: authors edit, resolve, reopen and remove their comments; a damaged image is a file card", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { owner, project, task, url } = await startedTask("designs-comments");
  const designerToken = await apiLogin(DEMO.designer.email);
  const whole = await colourPng(120, 60, 160);
  const keys = [
    await uploadDesign(designerToken, "cover.png", whole),
    // A truncated PNG: stored as uploaded, but it does not decode.
    await uploadDesign(designerToken, "broken.png", whole.subarray(0, Math.floor(whole.length / 2))),
  ];
  await callApi(designerToken, "POST", "/v3/project/task/addDesign", {
    projectId: project.id,
    taskId: task.id,
    addedDesignsFileKeys: keys,
  });

  await loginAs(page, owner.email, owner.password);
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await expect(thumbnails(panel)).toHaveCount(2);

  // A comment without a pin: written, edited, resolved, reopened, then removed.
  await thumbnails(panel).first().click();
  const view = viewer(page, "cover.png");
  await view.getByLabel("New comment", { exact: true }).fill("Try a lighter purple.");
  // With a file attached (uploaded, then registered on the project with addChatFile).
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    view.getByRole("button", { name: "Attach files" }).click(),
  ]);
  await chooser.setFiles({ name: "palette.txt", mimeType: "text/plain", buffer: Buffer.from("lavender #b497d6\n") });
  await expect(
    view.getByRole("list", { name: "Attached files" }).getByRole("progressbar", { name: "palette.txt: Uploaded" }),
  ).toBeVisible();
  await view.getByRole("button", { name: "Add comment" }).click();
  const thread = view.getByRole("listitem", { name: "Comment 1" });
  await expect(thread).toContainText("Try a lighter purple.");
  await expect(thread.getByRole("link", { name: "palette.txt" })).toBeVisible();
  await expect(view.getByRole("list", { name: "Attached files" })).toHaveCount(0);
  await thread.getByRole("button", { name: "Edit" }).click();
  await thread.getByLabel("Edit comment").fill("Try a lighter purple, like lavender.");
  await thread.getByRole("button", { name: "Save" }).click();
  await expect(thread).toContainText("like lavender.");
  await expect(thread).toContainText("edited");
  await thread.getByRole("button", { name: "Resolve" }).click();
  await expect(thread.getByText("Resolved", { exact: true })).toBeVisible();
  await thread.getByRole("button", { name: "Reopen" }).click();
  await expect(thread.getByText("Resolved", { exact: true })).toHaveCount(0);
  await thread.getByRole("button", { name: "Remove" }).click();
  const remove = page.getByRole("dialog", { name: "Remove comment" });
  await remove.getByRole("button", { name: "Remove" }).click();
  await expect(toastWith(page, "Comment removed")).toBeVisible();
  await expect(view.getByText("No comments yet.")).toBeVisible();

  // The damaged image: a file card with its type, size and a download, no image and no pins.
  await view.getByRole("button", { name: "Next file" }).click();
  const broken = viewer(page, "broken.png");
  await expect(broken.getByRole("link", { name: "Download broken.png" })).toBeVisible();
  await expect(broken.getByText(/image\/png · \d+ B/)).toBeVisible();
  await expect(broken.getByRole("img", { name: /broken\.png/ })).toHaveCount(0);
});
