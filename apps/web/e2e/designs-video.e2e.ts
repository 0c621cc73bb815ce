import type { Page } from "@playwright/test";
import { designsRegion, expect, pageFor, startedTask, thumbnails, viewer } from "./designs-support.ts";
import { checkA11y, DEMO, loginAs, test } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

/**
 * A short WebM made in the browser (issue 23: generated, not downloaded): a canvas whose colour
 * and counter change, recorded by Chromium's MediaRecorder for about five seconds (the
 * recorder takes real time; nothing else is waited for).
 */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const started = performance.now();
    const done = new Promise<void>((resolve) => {
      recorder.onstop = () => resolve();
    });
    const draw = () => {
      const seconds = (performance.now() - started) / 1000;
      context.fillStyle = `hsl(${Math.floor(seconds) * 90}, 70%, 50%)`;
      context.fillRect(0, 0, 320, 180);
      context.fillStyle = "white";
      context.font = "64px sans-serif";
      context.fillText(seconds.toFixed(1), 90, 110);
      if (seconds < 5.2) requestAnimationFrame(draw);
      else recorder.stop();
    };
    recorder.start(250);
    draw();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks, { type: "video/webm" }).arrayBuffer());
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, "base64");
}

test("designs: a video goes up in parts, gets a poster, and a comment at 00:03 seeks there", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const { owner, task, url } = await startedTask("designs-video");

  // The designer uploads the recording (a video: resumable parts, with progress) and adds it.
  const designer = await pageFor(browser, DEMO.designer.email);
  await designer.goto(url);
  const video = await recordWebm(designer);
  const designerPanel = taskPanel(designer, task.title);
  await designsRegion(designerPanel).getByRole("button", { name: "Upload designs" }).click();
  const upload = designer.getByRole("dialog", { name: "Upload designer files" });
  const parts = designer.waitForRequest(
    (request) => request.method() === "PATCH" && request.url().includes("/upload/resumable/"),
  );
  await upload
    .locator('input[type="file"]')
    .setInputFiles({ name: "walkthrough.webm", mimeType: "video/webm", buffer: video });
  await parts;
  await expect(upload.getByRole("progressbar", { name: "walkthrough.webm: Uploaded" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  await upload.getByRole("button", { name: "Submit" }).click();
  await expect(upload).toBeHidden();
  // The designer's browser captured a frame: the thumbnail is the poster.
  await expect(
    thumbnails(designerPanel).first().getByRole("img", { name: "walkthrough.webm (thumbnail)" }),
  ).toBeVisible();
  await designer.context().close();

  // The owner plays it, comments at 00:03, goes back to the start, and the comment seeks there.
  await loginAs(page, owner.email, owner.password);
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await thumbnails(panel).first().click();
  const view = viewer(page, "walkthrough.webm");
  const time = view.getByTestId("video-time");
  // Its length is known (a recording says it only at its end: the player looks it up).
  await expect(time).toHaveText(/^00:00 \/ 00:0[4-5]$/);
  const position = view.getByRole("slider", { name: "Position in the video" });
  await position.focus();
  for (let step = 0; step < 3; step++) await position.press("ArrowRight");
  await expect(time).toHaveText(/^00:03 \//);
  await view.getByLabel("New comment at 00:03").fill("The logo comes in too early here.");
  await view.getByRole("button", { name: "Add comment" }).click();
  const thread = view.getByRole("listitem", { name: "Comment 1" });
  await expect(thread).toContainText("The logo comes in too early here.");
  await expect(thread.getByTestId("comment-time")).toHaveText("00:03");
  await expect(view.getByRole("button", { name: "Comment 1 at 00:03", exact: true })).toBeVisible();

  await position.press("Home");
  await expect(time).toHaveText(/^00:00 \//);
  await thread.getByRole("button", { name: "Play comment 1 at 00:03" }).click();
  await expect(time).toHaveText(/^00:03 \//);
  const at = await view.locator("video").evaluate((element: HTMLVideoElement) => element.currentTime);
  expect(at).toBeCloseTo(3, 1);

  // Keys on the frame: Space plays and pauses, an arrow steps (and stays in the video).
  const frame = view.getByRole("application", { name: /Video frame/ });
  await frame.focus();
  await frame.press(" ");
  await expect(view.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  await frame.press(" ");
  await expect(view.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await position.press("Home");
  await frame.press("Shift+ArrowRight");
  await expect(time).toHaveText(/^00:01 \//);
  await expect(view).toBeVisible();
  await checkA11y(page, { include: "[role='dialog']" });
});
