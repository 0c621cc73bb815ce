import { customerWithProject } from "./projects-support.ts";
import { checkA11y, expect, loginAs, test, toastWith } from "./support.ts";
import { createTask } from "./tasks-support.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

test("a customer makes an API token in Settings, calls the API with it, revokes it, and subscribes to their deadlines", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { owner, project } = await customerWithProject("api-tokens");
  const deadline = Math.floor(Date.now() / DAY_MS) * DAY_MS + 3 * DAY_MS - 1000;
  await createTask(owner.token, project.id, "Poster proof", { deadline });

  await loginAs(page, owner.email, owner.password);
  await page.goto("/app/user/settings");
  const tokens = page.getByRole("region", { name: "API tokens" });
  await expect(tokens.getByText("You have no API tokens.")).toBeVisible();

  await tokens.getByLabel("Token name").fill("Reporting script");
  await tokens.getByRole("button", { name: "Create token" }).click();
  const shown = tokens.getByRole("textbox", { name: "New token “Reporting script”" });
  await expect(shown).toHaveValue(/^atl_/);
  await tokens.getByRole("button", { name: "Copy token" }).click();
  await expect(tokens.getByRole("button", { name: "Copied" })).toBeVisible();
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toBe(await shown.inputValue());
  await expect(tokens.getByRole("list", { name: "Your API tokens" }).getByText("Reporting script")).toBeVisible();
  await checkA11y(page);

  const bearer = { Authorization: `Bearer ${token}` };
  const projects = await request.get("/v3/project/list", { headers: bearer });
  expect(projects.status()).toBe(200);
  const listed = (await projects.json()) as { items: { id: string; name: string }[] };
  expect(listed.items.map((item) => item.name)).toEqual([project.name]);
  // Read only by default: a change is refused.
  const change = await request.post("/v3/project/task", {
    headers: bearer,
    data: { projectId: project.id, title: "No" },
  });
  expect(change.status()).toBe(403);

  await tokens.getByRole("button", { name: "Done" }).click();
  await tokens.getByRole("button", { name: "Revoke Reporting script" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke API token" });
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(toastWith(page, "Reporting script was revoked")).toBeVisible();
  await expect(tokens.getByText("You have no API tokens.")).toBeVisible();
  expect((await request.get("/v3/project/list", { headers: bearer })).status()).toBe(401);

  const calendar = page.getByRole("region", { name: "Calendar" });
  await calendar.getByRole("button", { name: "Subscribe to deadlines" }).click();
  const address = await calendar.getByRole("textbox", { name: "Deadlines calendar address" }).inputValue();
  expect(address).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const feed = await request.get(address);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  const text = await feed.text();
  expect(text).toContain(`SUMMARY:Poster proof (${project.name})`);
  const day = new Date(deadline).toISOString().slice(0, 10).replaceAll("-", "");
  expect(text).toContain(`DTSTART;VALUE=DATE:${day}`);
  await expect(calendar.getByRole("button", { name: "Turn off deadlines" })).toBeVisible();
});
