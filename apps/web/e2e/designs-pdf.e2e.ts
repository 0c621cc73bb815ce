import PDFDocument from "pdfkit";
import { expect, startedTask, thumbnails, uploadDesign, viewer } from "./designs-support.ts";
import { apiLogin, callApi, checkA11y, DEMO, loginAs, test } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

/** A PDF made in the test: three A4 pages, each saying its number in large selectable text. */
function threePagePdf(edition = 1): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  for (let page = 1; page <= 3; page++) {
    doc.addPage();
    doc.rect(0, 0, 595, 120).fill(page === 2 ? "#d00000" : "#1e6091");
    doc.fillColor("#000000").fontSize(64).text(`Sheet ${page}`, 72, 300);
    doc.fontSize(18).text(`Edition ${edition}`, 72, 400);
  }
  doc.end();
  return done;
}

test("designs: a PDF with three pages is reviewed with a pin on page 2", async ({ page }) => {
  const { owner, project, task, url } = await startedTask("designs-pdf");
  const designerToken = await apiLogin(DEMO.designer.email);
  const key = await uploadDesign(designerToken, "brochure.pdf", await threePagePdf());
  const added = await callApi<{ designerFileList: { uuid: string }[] }>(
    designerToken,
    "POST",
    "/v3/project/task/addDesign",
    { projectId: project.id, taskId: task.id, addedDesignsFileKeys: [key] },
  );
  // A second edition as version 2: the review happens on it, and the two compare page by page.
  await callApi(designerToken, "POST", "/v3/project/task/addDesignVersion", {
    projectId: project.id,
    taskId: task.id,
    designerFileUuid: added.designerFileList[0]?.uuid ?? "",
    designerFileKey: await uploadDesign(designerToken, "brochure.pdf", await threePagePdf(2)),
  });

  await loginAs(page, owner.email, owner.password);
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await thumbnails(panel).first().click();

  const view = viewer(page, "brochure.pdf");
  // pdf.js and its worker load with the first PDF opened (a second or two on a busy machine).
  await expect(view.getByTestId("pdf-page-label")).toHaveText("Page 1 of 3", { timeout: 30_000 });
  const strip = view.getByRole("list", { name: "Pages" });
  await expect(strip.getByRole("button")).toHaveCount(3);
  await strip.getByRole("button", { name: "Page 2" }).click();
  await expect(view.getByTestId("pdf-page-label")).toHaveText("Page 2 of 3");
  const sheet = view.locator('[data-testid="pdf-page"][data-page="2"][data-drawn]');
  // The page's text is there to select (pdf.js's text layer over the canvas).
  await expect(sheet.getByText("Sheet 2")).toBeAttached();

  // A click on the page pins a comment there.
  const box = await sheet.getByTestId("pdf-pin-sheet").boundingBox();
  if (!box) throw new Error("no page box");
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.4);
  await expect(view.getByText("Pinned to a point of page 2.")).toBeVisible();
  await view.getByLabel("New comment pinned on page 2").fill("Tighten the headline on this page.");
  await view.getByRole("button", { name: "Add comment" }).click();
  const thread = view.getByRole("listitem", { name: "Comment 1" });
  await expect(thread).toContainText("Tighten the headline on this page.");
  await expect(thread).toContainText("Page 2");
  await expect(sheet.getByRole("button", { name: "Comment 1", exact: true })).toBeVisible();

  // Zoom draws the page wider.
  const before = (await sheet.boundingBox())?.width ?? 0;
  await view.getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(async () => (await sheet.boundingBox())?.width ?? 0).toBeGreaterThan(before * 1.3);

  // Elsewhere in the document the pin is not drawn; choosing the comment turns back to its page.
  await strip.getByRole("button", { name: "Page 1" }).click();
  await expect(view.getByTestId("pdf-page-label")).toHaveText("Page 1 of 3");
  await expect(view.getByTestId("pdf-page").getByRole("button", { name: "Comment 1", exact: true })).toHaveCount(0);
  await view.getByRole("button", { name: "Show comment 1 on page 2" }).click();
  await expect(view.getByTestId("pdf-page-label")).toHaveText("Page 2 of 3");
  await expect(
    view.locator('[data-testid="pdf-page"][data-page="2"]').getByRole("button", { name: "Comment 1", exact: true }),
  ).toBeVisible();
  await checkA11y(page, { include: '[role="dialog"]' });

  // The two editions page by page: side by side, then one over the other.
  await view.getByRole("combobox", { name: "Compare with" }).click();
  await page.getByRole("option", { name: /^Version 1 / }).click();
  const compare = view.getByRole("group", { name: "Compare versions" });
  await expect(compare.getByRole("img", { name: /^Version 1 .*, page 1$/ })).toBeVisible();
  await expect(compare.getByRole("img", { name: /^Version 2 .*, page 1$/ })).toBeVisible();
  await compare.getByRole("button", { name: "Next page" }).click();
  await expect(compare.getByRole("img", { name: /^Version 2 .*, page 2$/ })).toBeVisible();
  await compare.getByText("Overlay").click();
  await expect(compare.getByRole("slider", { name: /^Divide between Version 1/ })).toBeVisible();

  // Meanwhile the server drew page 1 in the background: the task's thumbnail shows it.
  await view.getByRole("button", { name: "Close viewer" }).click();
  await expect(panel.getByRole("img", { name: "brochure.pdf (thumbnail)" })).toBeVisible({ timeout: 20_000 });
});
