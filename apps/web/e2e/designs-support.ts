import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import yauzl from "yauzl";
import { E2E } from "./env.ts";
import { customerWithProject } from "./projects-support.ts";
import { apiLogin, DEMO, expect, loginAs } from "./support.ts";
import { assignAndStart, createTask } from "./tasks-support.ts";

/** A small PNG of one colour (distinct bytes per colour), made in the test. */
export async function colourPng(red: number, green: number, blue: number, size = 160): Promise<Buffer> {
  return sharp({
    create: { width: size, height: Math.round(size * 0.75), channels: 3, background: { r: red, g: green, b: blue } },
  })
    .png()
    .toBuffer();
}

/** A customer's project with a task the demo designer has started (assigned by the project manager). */
export async function startedTask(label: string) {
  const { owner, project } = await customerWithProject(label);
  const title = `Poster ${Date.now().toString(36)}`;
  const task = await createTask(owner.token, project.id, title);
  const pmToken = await apiLogin(DEMO.projectManager.email);
  await assignAndStart(pmToken, task);
  return { owner, project, task: { ...task, title }, url: `/app/project/${project.id}/task/${task.id}` };
}

/** Another user's browser (its own context), signed in. */
export async function pageFor(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, email, password);
  return page;
}

export function designsRegion(panel: Locator): Locator {
  return panel.getByRole("region", { name: "Designs" });
}

export function thumbnails(panel: Locator): Locator {
  return designsRegion(panel)
    .getByRole("list", { name: "Designer files" })
    .getByRole("button", { name: /^Open / });
}

/** The viewer dialog, named "{file} ({n} of {count})". */
export function viewer(page: Page, fileName: string): Locator {
  return page.getByRole("dialog", { name: new RegExp(`^${fileName.replace(".", "\\.")} \\(\\d+ of \\d+\\)$`) });
}

/** The entry names and bytes of a zip file. */
export function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error("no zip"));
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
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

export { expect };

/** POST /upload/file?purpose=design as the given user: answers the key. */
export async function uploadDesign(token: string, name: string, content: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(content)], { type: "image/png" }), name);
  const response = await fetch(`${E2E.baseUrl}/upload/file?purpose=design`, {
    method: "POST",
    headers: { "Auth-Token": token },
    body: form,
  });
  expect(response.status, `upload ${name}`).toBe(200);
  return ((await response.json()) as { key: string }).key;
}
