import { contract } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildUser } from "../../../test/builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { apiTokens, calendarFeeds } from "../../db/schema/index.ts";
import { integrationsPersonalData } from "./index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it("exports a person's tokens and feeds without their secrets, and removal ends both", async () => {
  const person = await buildUser(t);
  const created = await t.api(contract.apiTokens.create, {
    body: { name: "Backup script", scope: "write", expiresInDays: 90 },
    token: person.token,
  });
  const feed = await t.api(contract.calendar.create, { params: { kind: "deadlines" }, token: person.token });
  const secret = new URL(feed.body.url).pathname.split("/").at(-1)?.replace(".ics", "") ?? "";

  const subject = { id: person.user.id, email: person.user.email, role: person.user.role };
  const exported = await integrationsPersonalData.export(t.ctx.db, subject);
  expect(exported.records).toMatchObject({
    apiTokens: [{ name: "Backup script", scope: "write" }],
    calendarFeeds: [{ kind: "deadlines" }],
  });
  const text = JSON.stringify(exported);
  expect(text).not.toContain(created.body.token);
  expect(text).not.toContain(secret);
  expect(text).not.toMatch(/[0-9a-f]{64}/);

  const removal = await t.api(contract.privacy.gdprRequest, { token: person.token });
  expect(removal.body.status).toBe(true);
  const bearer = { headers: { authorization: `Bearer ${created.body.token}` } };
  expect((await t.api(contract.auth.info, bearer)).status).toBe(401);
  expect((await t.app.inject({ method: "GET", url: new URL(feed.body.url).pathname })).statusCode).toBe(404);
  expect(await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.userId, person.user.id))).toEqual([]);
  expect(await t.ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, person.user.id))).toEqual([]);
});
