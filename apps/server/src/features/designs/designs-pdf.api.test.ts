import { contract, PDF_MESSAGES, type Project, type Task } from "@atelier/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { buildTeamWorld, type Cast } from "../../../test/builders.ts";
import {
  addDesigns,
  buildWorkTask,
  getDesigns,
  ok,
  uploadDesignFile,
  uploadImage,
} from "../../../test/design-builders.ts";
import { damagedPdfBytes, pdfBytes } from "../../../test/pdf-bytes.ts";
import type { TestApp } from "../../../test/test-app.ts";

/** PDF designs (issue 23, part 1): the page-1 preview job, pages on comments, removal. */

let t: TestApp;
let cast: Cast;
let project: Project;
let task: Task;
const { designs } = contract;
const keys = { pdf: "", damaged: "", encrypted: "", image: "" };
let threePages: Buffer;

async function serve(url: string) {
  const res = await t.app.inject({ method: "GET", url });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
  task = await buildWorkTask(t, cast, project);
  const designer = cast.designerOnTeam;
  threePages = await pdfBytes({ pages: 3 });
  keys.pdf = await uploadDesignFile(t, designer, threePages, "brochure.pdf");
  keys.damaged = await uploadDesignFile(t, designer, damagedPdfBytes(), "broken.pdf");
  keys.encrypted = await uploadDesignFile(t, designer, await pdfBytes({ userPassword: "s3cret" }), "locked.pdf");
  keys.image = await uploadImage(t, designer, "cover.png", 4);
});
afterAll(() => t.close());

const fileOf = async (key: string) => {
  const file = (await getDesigns(t, cast.owner, task)).designerFileList.find((item) => item.designerFileKey === key);
  if (!file) throw new Error(`no design ${key}`);
  return file;
};

const comment = (body: Record<string, unknown>) =>
  t.api(designs.addComment, {
    token: cast.owner.token,
    body: { projectId: task.projectId, taskId: task.id, comment: "Look here", ...body } as never,
  });

describe("a PDF delivered as a design", () => {
  it("is pending until the job draws page 1, then ready with its page count and thumbnail", async () => {
    const added = await addDesigns(t, cast.designerOnTeam, task, [keys.pdf, keys.damaged, keys.encrypted, keys.image]);
    const [pdf, damaged, , image] = added.designerFileList;
    expect(pdf).toMatchObject({ contentType: "application/pdf", previewable: false });
    expect(pdf?.pdfPreview).toEqual({ status: "pending", pageCount: null, problem: null, message: null });
    expect(damaged?.pdfPreview?.status).toBe("pending");
    expect(image?.pdfPreview).toBeNull();
    // No image before the job ran: a plain 404, never a 5xx.
    expect((await serve(`/serve/s/${keys.pdf}?w=80&h=80`)).status).toBe(404);

    await t.drainJobs();
    expect((await fileOf(keys.pdf)).pdfPreview).toEqual({
      status: "ready",
      pageCount: 3,
      problem: null,
      message: null,
    });
    const thumbnail = await serve(`/serve/s/${keys.pdf}?w=80&h=80`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/png");
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ width: 80, height: 80, format: "png" });
    // Page 1 is drawn: its blue band (pdf-bytes.ts) is at the top of a 240 px wide preview.
    const wide = await serve(`/serve/s/${keys.pdf}?w=240`);
    const { data, info } = await sharp(wide.bytes).raw().toBuffer({ resolveWithObject: true });
    const top = [...data.subarray(info.width * 10 * info.channels, info.width * 10 * info.channels + 3)];
    expect(top[2]).toBeGreaterThan(top[0] ?? 255);
  });

  it("is served as it was uploaded, as a download", async () => {
    const original = await serve(`/serve/s/${keys.pdf}`);
    expect(original.status).toBe(200);
    expect(original.headers["content-type"]).toBe("application/pdf");
    expect(String(original.headers["content-disposition"])).toMatch(/^attachment; filename="brochure.pdf"/);
    expect(Buffer.compare(original.bytes, threePages)).toBe(0);
  });

  it("marks a damaged or encrypted PDF with a clear message and no thumbnail", async () => {
    expect((await fileOf(keys.damaged)).pdfPreview).toEqual({
      status: "failed",
      pageCount: null,
      problem: "damaged",
      message: PDF_MESSAGES.damaged,
    });
    expect((await fileOf(keys.encrypted)).pdfPreview).toMatchObject({
      status: "failed",
      problem: "encrypted",
      message: PDF_MESSAGES.encrypted,
    });
    for (const key of [keys.damaged, keys.encrypted]) {
      expect((await serve(`/serve/s/${key}?w=80&h=80`)).status).toBe(404);
    }
  });
});

/** The entries of a zip, by name. */
function unzip(bytes: Buffer): Promise<Map<string, { bytes: Buffer; method: number }>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, { bytes: Buffer; method: number }>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, { bytes: Buffer.concat(chunks), method: entry.compressionMethod });
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

describe("the task's zip", () => {
  it("holds the PDF as it was uploaded, stored rather than deflated again", async () => {
    const params = { id: task.projectId, taskId: task.id };
    ok("zip", await t.api(designs.zipDesign, { token: cast.owner.token, params }));
    await t.drainJobs();
    const link = ok("link", await t.api(designs.getZipLink, { token: cast.owner.token, params })).linkToZip;
    const zip = await serve(`/serve/s/${link}`);
    expect(zip.status).toBe(200);
    const entry = (await unzip(zip.bytes)).get("brochure.pdf");
    expect(entry?.method).toBe(0);
    expect(Buffer.compare(entry?.bytes ?? Buffer.alloc(0), threePages)).toBe(0);
  });
});

describe("comments on a PDF", () => {
  it("carry the page, with or without a pin on it", async () => {
    const pdf = await fileOf(keys.pdf);
    const pinned = ok(
      "pinned",
      await comment({ designerFileUuid: pdf.uuid, page: 2, pin: { type: "point", x: 0.5, y: 0.25 } }),
    );
    expect(pinned).toMatchObject({ page: 2, pin: { type: "point", x: 0.5, y: 0.25 } });
    const onPage = ok("on a page", await comment({ designerFileUuid: pdf.uuid, page: 3 }));
    expect(onPage).toMatchObject({ page: 3, pin: null });
    const whole = ok("whole document", await comment({ designerFileUuid: pdf.uuid }));
    expect(whole).toMatchObject({ page: null, pin: null });
    const listed = (await fileOf(keys.pdf)).fileCommentList.map((thread) => [thread.page, thread.pin?.type ?? null]);
    expect(listed).toEqual([
      [2, "point"],
      [3, null],
      [null, null],
    ]);
  });

  it("refuse a page past the end, a pin without a page, and bad pages, writing nothing", async () => {
    const pdf = await fileOf(keys.pdf);
    const before = pdf.fileCommentList.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ page: 4 }, PDF_MESSAGES.pageBeyondEnd],
      [{ pin: { type: "point", x: 0.1, y: 0.1 } }, PDF_MESSAGES.pinNeedsPage],
      [{ page: 0 }, "Pages count from 1"],
      [{ page: 1.5 }, "The page must be a whole number"],
      [{ page: "2" }, "The page must be a number"],
    ];
    for (const [anchor, message] of cases) {
      const res = await comment({ designerFileUuid: pdf.uuid, ...anchor });
      expect(res.status, JSON.stringify(anchor)).toBe(400);
      expect(res.error.fields?.page).toBe(message);
    }
    expect((await fileOf(keys.pdf)).fileCommentList).toHaveLength(before);
  });

  it("refuse a page on an image and on a PDF that cannot be read", async () => {
    const image = await fileOf(keys.image);
    const onImage = await comment({ designerFileUuid: image.uuid, page: 1 });
    expect(onImage.status).toBe(400);
    expect(onImage.error.fields?.page).toBe(PDF_MESSAGES.pageNeedsPdf);
    const damaged = await fileOf(keys.damaged);
    const onDamaged = await comment({ designerFileUuid: damaged.uuid, page: 1 });
    expect(onDamaged.status).toBe(400);
    // A comment on the whole file still works: the reviewer can say it does not open.
    ok("on the damaged file", await comment({ designerFileUuid: damaged.uuid }));
  });
});

describe("removing a PDF design", () => {
  it("stops its thumbnail at once and deletes the page image", async () => {
    const res = await t.api(designs.removeDesign, {
      token: cast.designerOnTeam.token,
      body: { projectId: task.projectId, taskId: task.id, removedDesignFileKey: keys.pdf },
    });
    ok("remove", res);
    expect((await serve(`/serve/s/${keys.pdf}?w=80&h=80`)).status).toBe(404);
    expect(await t.ctx.storage.size(`${keys.pdf}.page1`)).toBeNull();
  });
});
