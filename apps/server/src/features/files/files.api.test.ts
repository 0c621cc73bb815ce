import { readdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { contract, MESSAGES, type UploadPurpose } from "@atelier/shared";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/builders.ts";
import { makeImage, multipartFile } from "../../../test/multipart.ts";
import { startTestS3 } from "../../../test/s3-server.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { files } from "../../db/schema/index.ts";

/** Where the app under test keeps file bytes: its settings, and a list of what it stored. */
interface StorageUnderTest {
  env: Record<string, string>;
  storedKeys(t: TestApp): Promise<string[]>;
  close(): Promise<void>;
}

async function localDisk(): Promise<StorageUnderTest> {
  return {
    env: {},
    async storedKeys(t) {
      const root = path.join(t.config.dataDir, "files");
      const dirs = await readdir(root).catch(() => []);
      const nested = await Promise.all(dirs.map((dir) => readdir(path.join(root, dir))));
      return nested.flat().sort();
    },
    close: async () => {},
  };
}

async function s3(): Promise<StorageUnderTest> {
  const server = await startTestS3();
  return { env: server.env, storedKeys: () => server.keys(), close: () => server.close() };
}

describe.each([
  ["local disk", localDisk],
  ["S3", s3],
])("files on %s", (_name, openStorage) => {
  // Small caps so the oversize cases stay fast: avatars 50 KB, other files 200 KB.
  let t: TestApp;
  let storage: StorageUnderTest;
  let designer: BuiltUser;
  let customer: BuiltUser;
  beforeAll(async () => {
    storage = await openStorage();
    t = await createTestApp({ AVATAR_MAX_MB: String(50 / 1024), UPLOAD_MAX_MB: String(200 / 1024), ...storage.env });
    designer = await buildUser(t, { role: "designer" });
    customer = await buildUser(t, { role: "customer" });
  });
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  const upload = (token: string | undefined, purpose: UploadPurpose, file: Parameters<typeof multipartFile>[0]) =>
    t.upload(contract.files.upload, { token, query: { purpose }, file });

  /** Raw bytes matter here, so this skips the JSON helper. */
  async function serve(url: string, headers: Record<string, string> = {}) {
    const res = await t.app.inject({ method: "GET", url, headers });
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
  }

  const storedFileNames = () => storage.storedKeys(t);

  const rowsOwnedBy = (userId: string) => t.ctx.db.select().from(files).where(eq(files.ownerId, userId));

  const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
  const SVG = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );

  describe("POST /upload/file", () => {
    it.each([
      ["png", "image/png"],
      ["jpeg", "image/jpeg"],
      ["webp", "image/webp"],
      ["gif", "image/gif"],
    ] as const)("stores a %s avatar under a random key and records it", async (format, contentType) => {
      const content = await makeImage(format);
      const res = await upload(customer.token, "avatar", { content, filename: `me.${format}`, contentType });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        key: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
        contentType,
        size: content.length,
      });
      const [row] = await t.ctx.db.select().from(files).where(eq(files.key, res.body.key));
      expect(row).toMatchObject({
        ownerId: customer.user.id,
        purpose: "avatar",
        contentType,
        originalName: `me.${format}`,
      });
      expect(await storedFileNames()).toContain(res.body.key);
      const served = await serve(`/serve/s/${res.body.key}`);
      expect(Buffer.compare(served.bytes, content)).toBe(0);
    });

    it("answers 400 to a body cut short or without its file, and keeps nothing of it", async () => {
      const boundary = "----cutshort";
      const multipart = { "content-type": `multipart/form-data; boundary=${boundary}` };
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`;
      const bodies: Array<[string, Buffer, Record<string, string>]> = [
        ["cut inside a small file", Buffer.from(`${head}some bytes`), multipart],
        // Past the bytes read to judge the type, so the cut reaches storage mid-write.
        ["cut inside a large file", Buffer.concat([Buffer.from(head), Buffer.alloc(100_000, 7)]), multipart],
        ["cut inside the part headers", Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`), multipart],
        ["cut after the part headers", Buffer.from(head), multipart],
        [
          "without a boundary",
          Buffer.from(`${head}bytes\r\n--${boundary}--\r\n`),
          { "content-type": "multipart/form-data" },
        ],
      ];
      const rowsBefore = (await rowsOwnedBy(designer.user.id)).length;
      const storedBefore = await storedFileNames();
      for (const [what, payload, headers] of bodies) {
        const res = await t.app.inject({
          method: "POST",
          url: "/upload/file?purpose=design",
          headers: { ...headers, "auth-token": designer.token },
          payload,
        });
        expect(res.statusCode, what).toBe(400);
        expect(res.json(), what).toEqual({
          message: MESSAGES.badUpload,
          code: "BAD_INPUT",
          fields: { file: MESSAGES.badUpload },
        });
      }
      const withoutFile = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${boundary}--\r\n`;
      const res = await t.app.inject({
        method: "POST",
        url: "/upload/file?purpose=design",
        headers: { ...multipart, "auth-token": designer.token },
        payload: Buffer.from(withoutFile),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ file: MESSAGES.fileRequired });
      expect(await rowsOwnedBy(designer.user.id)).toHaveLength(rowsBefore);
      expect(await storedFileNames()).toEqual(storedBefore);
    });

    it("judges the type by the bytes: an HTML page or a scripted SVG named .png is no avatar", async () => {
      for (const content of [HTML, SVG]) {
        const before = (await rowsOwnedBy(designer.user.id)).length;
        const res = await upload(designer.token, "avatar", { content, filename: "cute.png", contentType: "image/png" });
        expect(res.status).toBe(415);
        expect(res.error).toEqual({
          message: "Avatar must be a PNG, JPEG, WebP or GIF image",
          code: "UNSUPPORTED_TYPE",
        });
        expect(await rowsOwnedBy(designer.user.id)).toHaveLength(before);
      }
    });

    it("keeps other files of any type but never under a type a browser would run", async () => {
      const res = await upload(designer.token, "design", {
        content: HTML,
        filename: "page.png",
        contentType: "image/png",
      });
      expect(res.status).toBe(200);
      expect(res.body.contentType).toBe("application/octet-stream");
      const served = await serve(`/serve/s/${res.body.key}?w=96&h=96`);
      expect(served.status).toBe(200);
      expect(served.headers["content-type"]).toBe("application/octet-stream");
      expect(served.headers["content-disposition"]).toBe(`attachment; filename="page.png"; filename*=UTF-8''page.png`);
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["content-security-policy"]).toContain("sandbox");
      expect(served.bytes.toString()).toBe(HTML.toString());
    });

    it("recognises a PDF and serves it as a download", async () => {
      const pdf = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
      const res = await upload(customer.token, "attachment", { content: pdf, filename: "brief ü.pdf" });
      expect(res.body.contentType).toBe("application/pdf");
      const served = await serve(`/serve/s/${res.body.key}`);
      expect(served.headers["content-type"]).toBe("application/pdf");
      expect(served.headers["content-disposition"]).toBe(
        `attachment; filename="brief _.pdf"; filename*=UTF-8''brief%20%C3%BC.pdf`,
      );
    });

    it("answers 413 over the size cap and stores nothing", async () => {
      const before = await storedFileNames();
      const rowsBefore = (await rowsOwnedBy(designer.user.id)).length;
      const bigAvatar = Buffer.concat([await makeImage("png", 16, 16), Buffer.alloc(51 * 1024)]);
      const avatar = await upload(designer.token, "avatar", { content: bigAvatar, filename: "big.png" });
      expect(avatar.status).toBe(413);
      expect(avatar.error).toEqual({ message: "File is too large (at most 50 KB)", code: "TOO_LARGE" });

      const design = await upload(designer.token, "design", {
        content: Buffer.alloc(201 * 1024, 1),
        filename: "huge.psd",
      });
      expect(design.status).toBe(413);
      expect(design.error.code).toBe("TOO_LARGE");
      expect(await storedFileNames()).toEqual(before);
      expect(await rowsOwnedBy(designer.user.id)).toHaveLength(rowsBefore);

      // Just under the cap is fine.
      const fits = await upload(designer.token, "design", { content: Buffer.alloc(200 * 1024, 1), filename: "ok.psd" });
      expect(fits.status).toBe(200);
      expect(fits.body.size).toBe(200 * 1024);
    });

    it("answers 400 without a file, with an empty file, or with an unknown purpose", async () => {
      const wrongField = await upload(customer.token, "attachment", { content: HTML, field: "document" });
      expect(wrongField.status).toBe(400);
      expect(wrongField.error.fields).toEqual({ file: "Choose a file to upload" });
      const json = await t.raw(contract.files.upload, { token: customer.token, body: { file: "x" } });
      expect(json.status).toBe(400);
      expect(json.error.fields).toEqual({ file: "Choose a file to upload" });
      const empty = await upload(customer.token, "attachment", { content: Buffer.alloc(0) });
      expect(empty.status).toBe(400);
      expect(empty.error.fields).toEqual({ file: "The file is empty" });
      const purpose = await t.raw({
        method: "POST",
        url: "/upload/file?purpose=virus",
        token: customer.token,
        ...multipartFile({ content: HTML }),
      });
      expect(purpose.status).toBe(400);
      expect(Object.keys(purpose.error.fields ?? {})).toEqual(["purpose"]);
    });

    it("answers 401 without a token and with a revoked one", async () => {
      expect((await upload(undefined, "avatar", { content: HTML })).status).toBe(401);
      const me = await buildUser(t);
      await t.api(contract.auth.logout, { token: me.token });
      expect((await upload(me.token, "avatar", { content: await makeImage("png") })).status).toBe(401);
    });
  });

  describe("GET /serve/s/:key", () => {
    let key: string;
    let original: Buffer;
    beforeAll(async () => {
      original = await makeImage("png", 320, 200);
      key = (await upload(customer.token, "avatar", { content: original, filename: "wide.png" })).body.key;
    });

    it("serves the original without a token, inline, with long cache headers and an ETag", async () => {
      const res = await serve(`/serve/s/${key}`);
      expect(res.status).toBe(200);
      expect(res.headers).toMatchObject({
        "content-type": "image/png",
        "content-disposition": "inline",
        "cache-control": "private, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
        "accept-ranges": "bytes",
        etag: `"${key}"`,
        "content-length": String(original.length),
      });
      const again = await serve(`/serve/s/${key}`, { "if-none-match": `"${key}"` });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
    });

    it("resizes to the allowed sizes with cover, once, and keeps the variant", async () => {
      const res = await serve(`/serve/s/${key}?w=96&h=96`);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.headers.etag).toBe(`"${key}.w96h96"`);
      expect(await sharp(res.bytes).metadata()).toMatchObject({ width: 96, height: 96, format: "png" });

      // Replace the cached variant: the next answer must come from storage, not a new resize.
      await t.ctx.storage.put(`${key}.w96h96`, Readable.from([Buffer.from("cached variant")]));
      expect((await serve(`/serve/s/${key}?w=96&h=96`)).bytes.toString()).toBe("cached variant");

      const widthOnly = await serve(`/serve/s/${key}?w=48`);
      expect(await sharp(widthOnly.bytes).metadata()).toMatchObject({ width: 48, height: 30 });
      const thumb = await serve(`/serve/s/${key}?w=80&h=80`);
      expect(await sharp(thumb.bytes).metadata()).toMatchObject({ width: 80, height: 80 });
      expect((await serve(`/serve/s/${key}?w=80&h=80`, { "if-none-match": `"${key}.w80h80"` })).status).toBe(304);
    });

    it.each([
      ["w", "?w=100&h=96", "Width must be one of 48, 80, 96, 240"],
      ["h", "?w=96&h=2000", "Height must be one of 48, 80, 96, 240"],
      ["w", "?w=big", "Width must be a number"],
    ])("answers 400 for a size that is not offered (%s %s)", async (field, query, message) => {
      const res = await t.raw({ method: "GET", url: `/serve/s/${key}${query}` });
      expect(res.status).toBe(400);
      expect(res.error.fields).toEqual({ [field]: message });
    });

    it("answers byte ranges of the original", async () => {
      const first = await serve(`/serve/s/${key}`, { range: "bytes=0-9" });
      expect(first.status).toBe(206);
      expect(first.headers["content-range"]).toBe(`bytes 0-9/${original.length}`);
      expect(Buffer.compare(first.bytes, original.subarray(0, 10))).toBe(0);
      const tail = await serve(`/serve/s/${key}`, { range: "bytes=-5" });
      expect(tail.status).toBe(206);
      expect(Buffer.compare(tail.bytes, original.subarray(original.length - 5))).toBe(0);
      const from = await serve(`/serve/s/${key}`, { range: "bytes=100-" });
      expect(Buffer.compare(from.bytes, original.subarray(100))).toBe(0);
      const beyond = await serve(`/serve/s/${key}`, { range: `bytes=${original.length}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers["content-range"]).toBe(`bytes */${original.length}`);
    });

    it("answers a JSON 404 for unknown or malformed keys", async () => {
      for (const unknown of ["A".repeat(24), "..%2F..%2Fetc%2Fpasswd", `${key}.w96h96`]) {
        const res = await t.raw({ method: "GET", url: `/serve/s/${unknown}` });
        expect(res.status).toBe(404);
        expect(res.error).toEqual({ message: "Not found", code: "NOT_FOUND" });
      }
    });
  });
});
