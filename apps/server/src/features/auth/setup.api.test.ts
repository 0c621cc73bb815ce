import { contract } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { prepareEmptyDatabase } from "../setup/index.ts";

// The first-admin link only exists on an empty database, so this file keeps its own.
let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  const notice = await prepareEmptyDatabase(t.ctx, null, { demo: false });
  if (notice.kind !== "setup") throw new Error(`expected a setup link, got ${notice.kind}`);
  const link = new URL(notice.link);
  expect(link.pathname).toBe("/app/onboard");
  key = link.searchParams.get("setup") ?? "";
});
afterAll(async () => {
  await t.close();
});

const admin = { name: "Ada", surname: "Admin", email: "ada@example.test", password: preHash("first admin") };

describe("first-admin setup", () => {
  it("answers 400 with the fields that are wrong", async () => {
    const res = await t.api(contract.auth.setupAdmin, { body: { ...admin, name: "", setup: "" } });
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({ name: "Name is required", setup: "Setup key is required" });
  });

  it("refuses a wrong key", async () => {
    expect((await t.api(contract.auth.checkSetup, { query: { setup: "wrong" } })).body).toEqual({ valid: false });
    const res = await t.api(contract.auth.setupAdmin, { body: { ...admin, setup: "wrong" } });
    expect(res.status).toBe(412);
    expect(res.error.message).toBe("This setup link is invalid or has already been used");
  });

  it("creates the first admin once with the printed key", async () => {
    expect((await t.api(contract.auth.checkSetup, { query: { setup: key } })).body).toEqual({ valid: true });
    const res = await t.api(contract.auth.setupAdmin, { body: { ...admin, setup: key } });
    expect(res.status).toBe(200);
    const session = signedIn(res.body);
    expect(session.user).toMatchObject({ email: "ada@example.test", role: "admin" });
    const info = await t.api(contract.auth.info, { token: session.token });
    expect(info.body.role).toBe("admin");

    expect((await t.api(contract.auth.checkSetup, { query: { setup: key } })).body).toEqual({ valid: false });
    const again = await t.api(contract.auth.setupAdmin, { body: { ...admin, email: "eve@example.test", setup: key } });
    expect(again.status).toBe(412);
    const eve = await t.api(contract.auth.login, { body: { email: "eve@example.test", password: admin.password } });
    expect(eve.status).toBe(401);
  });

  it("issues no new key once users exist", async () => {
    expect(await prepareEmptyDatabase(t.ctx, null, { demo: false })).toEqual({ kind: "ready" });
  });
});
