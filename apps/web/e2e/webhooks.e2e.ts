import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { customerWithProject, openProjectAs } from "./projects-support.ts";
import { checkA11y, expect, test } from "./support.ts";

test("a project's owner adds a webhook, sends a test and sees it delivered in the log", async ({ page }) => {
  const received: Array<{ id: string | undefined; body: string }> = [];
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      received.push({ id: request.headers["webhook-id"] as string | undefined, body });
      response.writeHead(204).end();
    });
  });
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/atelier`;
  try {
    const { owner, project } = await customerWithProject("webhooks");
    await openProjectAs(page, owner, project);
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const webhooks = page.getByRole("dialog", { name: "Project settings" }).getByRole("region", { name: "Webhooks" });
    await expect(webhooks.getByText("No webhooks yet.")).toBeVisible();

    await webhooks.getByLabel("URL").fill(url);
    await webhooks.getByRole("button", { name: "Add webhook" }).click();
    await expect(webhooks.getByRole("textbox", { name: `Signing secret for ${url}` })).toHaveValue(/^whsec_/);
    const item = webhooks.getByRole("listitem", { name: url });
    await expect(item.getByText("Active")).toBeVisible();
    await checkA11y(page);

    await item.getByRole("button", { name: "Send test" }).click();
    const log = item.getByRole("table", { name: "Deliveries, newest first" });
    const row = log.getByRole("row", { name: /webhook\.test/ });
    await expect(row.getByText("Delivered")).toBeVisible();
    await expect(row.getByRole("cell", { name: "204", exact: true })).toBeVisible();
    await expect(row.getByText(/\d+ ms/)).toBeVisible();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]?.body ?? "{}")).toMatchObject({ type: "webhook.test" });

    await item.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete webhook" }).getByRole("button", { name: "Delete" }).click();
    await expect(webhooks.getByText("No webhooks yet.")).toBeVisible();
  } finally {
    receiver.close();
  }
});
