import { contract, type EndpointInput, type UpdateProfileInput } from "@atelier/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildOnePerRole, buildUser } from "../../../test/builders.ts";
import { makeImage } from "../../../test/multipart.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { createSession } from "../../core/sessions/service.ts";
import { createAccount } from "./index.ts";

let t: TestApp;
let admin: BuiltUser;
let pm: BuiltUser;
let designer: BuiltUser;
let customer: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: "1000" });
  ({ admin, pm, designer, customer } = await buildOnePerRole(t));
});
afterAll(async () => {
  await t.close();
});

const update = (token: string, body: UpdateProfileInput) => t.api(contract.profile.update, { token, body });
const info = (token: string) => t.api(contract.auth.info, { token });
const login = (email: string, password: string) =>
  t.api(contract.auth.login, { body: { email, password: preHash(password) } });

describe("POST /profile/update", () => {
  it("changes the caller's own name, surname and task sort, for every role", async () => {
    for (const actor of [admin, pm, designer, customer]) {
      const res = await update(actor.token, { name: "Newname", surname: "Newsurname", taskSortType: "priority" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: actor.user.id,
        name: "Newname",
        surname: "Newsurname",
        taskSortType: "priority",
      });
      expect((await info(actor.token)).body.name).toBe("Newname");
    }
  });

  it("sets an uploaded image as avatar and clears it with null", async () => {
    const me = await buildUser(t, { role: "customer" });
    const file = { content: await makeImage("jpeg", 100, 100), filename: "face.jpg" };
    const uploaded = await t.upload(contract.files.upload, { token: me.token, query: { purpose: "avatar" }, file });
    const set = await update(me.token, { avatarKey: uploaded.body.key });
    expect(set.status).toBe(200);
    expect((await info(me.token)).body.avatarKey).toBe(uploaded.body.key);
    const cleared = await update(me.token, { avatarKey: null });
    expect(cleared.body.avatarKey).toBeNull();
  });

  it("refuses an avatar key that is not an uploaded image", async () => {
    const res = await update(customer.token, { avatarKey: "B".repeat(24) });
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({ avatarKey: "Avatar must be an image you uploaded as an avatar" });
  });

  it("refuses another user's upload as avatar (a customer's design), naming the field", async () => {
    const victim = await buildUser(t, { role: "customer" });
    const image = { content: await makeImage("png", 64, 64), filename: "secret-design.png" };
    const theirs = await t.upload(contract.files.upload, {
      token: victim.token,
      query: { purpose: "design" },
      file: image,
    });
    const theirAvatar = await t.upload(contract.files.upload, {
      token: victim.token,
      query: { purpose: "avatar" },
      file: image,
    });
    for (const key of [theirs.body.key, theirAvatar.body.key]) {
      const res = await update(customer.token, { avatarKey: key });
      expect(res.status).toBe(400);
      expect(res.error.fields).toEqual({ avatarKey: "Avatar must be an image you uploaded as an avatar" });
    }
    expect((await info(customer.token)).body.avatarKey).not.toBe(theirs.body.key);
    // Even one's own image uploaded as a design is not an avatar.
    const mine = await t.upload(contract.files.upload, {
      token: customer.token,
      query: { purpose: "design" },
      file: image,
    });
    expect((await update(customer.token, { avatarKey: mine.body.key })).status).toBe(400);
  });

  it("changes the password with the current one, keeping this session and ending the others", async () => {
    const me = await buildUser(t, { role: "designer" });
    const otherSession = await createSession(t.ctx.db, me.user.id);
    const res = await update(me.token, { currentPassword: preHash(me.password), newPassword: preHash("fresh pw") });
    expect(res.status).toBe(200);
    expect((await info(me.token)).status).toBe(200);
    expect((await info(otherSession)).status).toBe(401);
    expect((await login(me.user.email, me.password)).status).toBe(401);
    expect((await login(me.user.email, "fresh pw")).status).toBe(200);
  });

  it("refuses a wrong or missing current password with fields.currentPassword and changes nothing", async () => {
    const me = await buildUser(t, { role: "customer" });
    const otherSession = await createSession(t.ctx.db, me.user.id);
    const wrong = await update(me.token, { currentPassword: preHash("guess"), newPassword: preHash("mine now") });
    expect(wrong.status).toBe(400);
    expect(wrong.error.fields).toEqual({ currentPassword: "Current password is wrong" });
    const missing = await update(me.token, { newPassword: preHash("mine now") });
    expect(missing.status).toBe(400);
    expect(missing.error.fields).toEqual({ currentPassword: "Current password is required" });
    expect((await login(me.user.email, me.password)).status).toBe(200);
    expect((await info(otherSession)).status).toBe(200);
  });

  it.each([
    ["name", { name: "" }, "Name is required"],
    ["taskSortType", { taskSortType: "random" }, undefined],
    [
      "newPassword",
      { currentPassword: preHash("x"), newPassword: "short" },
      "Password must be sent as its SHA-256 hex digest",
    ],
    ["avatarKey", { avatarKey: "no/slashes" }, "Must be a file key"],
  ])("answers 400 on %s", async (field, payload, message) => {
    const res = await t.raw(contract.profile.update, { token: customer.token, body: payload });
    expect(res.status).toBe(400);
    expect(res.error.fields?.[field]).toBeDefined();
    if (message) expect(res.error.fields?.[field]).toBe(message);
  });

  it("answers 401 without a token or with a revoked one", async () => {
    expect((await t.api(contract.profile.update, { body: { name: "X" } })).status).toBe(401);
    const me = await buildUser(t);
    await t.api(contract.auth.logout, { token: me.token });
    expect((await update(me.token, { name: "X" })).status).toBe(401);
  });
});

describe("GET /profile/listCustomers", () => {
  const search = (token: string, query: EndpointInput<typeof contract.profile.listCustomers>["query"] = {}) =>
    t.api(contract.profile.listCustomers, { token, query });

  it("finds customers by name, surname or e-mail, ignoring case, and only customers", async () => {
    const zelda = await buildUser(t, { role: "customer", name: "Zelda", surname: "Quibble", email: "zq@corp.example" });
    await buildUser(t, { role: "designer", name: "Zelda", surname: "Designer" });
    for (const term of ["zelda", "QUIBB", "corp.example"]) {
      const res = await search(pm.token, { search: term });
      expect(res.status).toBe(200);
      expect(res.body.items).toEqual([
        { id: zelda.user.id, name: "Zelda", surname: "Quibble", email: "zq@corp.example" },
      ]);
    }
  });

  it("treats % and _ in the search as plain characters", async () => {
    const res = await search(admin.token, { search: "%" });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
  });

  it("pages by creation time even when rows share a millisecond", async () => {
    // Five customers created within one millisecond (PostgreSQL keeps microseconds), two exactly equal.
    const stamps = ["123400", "123600", "123600", "123800", "123900"];
    const made: string[] = [];
    for (const i of stamps.keys()) {
      const row = await createAccount(t.ctx.db, {
        role: "customer",
        email: `tick-${i}@example.test`,
        name: "Tick",
        surname: `Tock${i}`,
        passwordHash: "x",
      });
      made.push(row.id);
    }
    // Dates carry milliseconds only; set the microseconds in SQL.
    for (const [i, micros] of stamps.entries()) {
      await t.ctx.db.execute(
        sql`update users set created_at = ${`2020-01-01 00:00:00.${micros}+00`}::timestamptz where id = ${made[i]}`,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await search(admin.token, { search: "tick-", limit: 1, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((item) => item.surname));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(seen[0]).toBe("Tock4");
    expect(seen.slice(1, 2)).toEqual(["Tock3"]);
    expect(seen.slice(2, 4).sort()).toEqual(["Tock1", "Tock2"]);
    expect(seen[4]).toBe("Tock0");
  });

  it("answers 403 to a designer and a customer, 401 without a token", async () => {
    expect((await search(designer.token)).status).toBe(403);
    expect((await search(customer.token)).status).toBe(403);
    expect((await t.api(contract.profile.listCustomers)).status).toBe(401);
  });

  it("answers 400 for a search over 100 characters", async () => {
    const res = await search(admin.token, { search: "a".repeat(101) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error.fields ?? {})).toEqual(["search"]);
  });
});
