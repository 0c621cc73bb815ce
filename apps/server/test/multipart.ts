import { randomBytes } from "node:crypto";
import sharp from "sharp";

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipartFile(options: { content: Buffer; filename?: string; contentType?: string; field?: string }): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----atelier${randomBytes(8).toString("hex")}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? "file"}"; filename="${options.filename ?? "file.bin"}"\r\n` +
    `Content-Type: ${options.contentType ?? "application/octet-stream"}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), options.content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real image of the given size and format (solid colour with a contrasting block). */
export async function makeImage(format: "png" | "jpeg" | "webp" | "gif", width = 320, height = 200): Promise<Buffer> {
  const block = await sharp({
    create: { width: Math.ceil(width / 2), height: Math.ceil(height / 2), channels: 3, background: "#ffffff" },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#c0392b" } })
    .composite([{ input: block, left: 0, top: 0 }])
    .toFormat(format)
    .toBuffer();
}
