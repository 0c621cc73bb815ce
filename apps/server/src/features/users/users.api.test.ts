import {
  contract,
  type EndpointInput,
  MESSAGES,
  type Role,
  type SaveUserInput,
  type UploadPurpose,
} from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildOnePerRole, buildUser } from "../../../test/builders.ts";
import { makeImage } from "../../../test/multipart.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { users } from "../../db/schema/index.ts";

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

const unknownId = "00000000-0000-4000-8000-000000000000";
let emailCounter = 0;
const newEmail = () => `made-${++emailCounter}-${Date.now()}@example.test`;
const designerForm = (overrides: Partial<SaveUserInput> = {}): SaveUserInput => ({
  name: "Dora",
  surname: "Draw",
  email: newEmail(),
  password: preHash("designer pw"),
  hourRate: 45.5,
  role: "designer",
  ...overrides,
});
const save = (token: string, body: SaveUserInput) => t.api(contract.users.save, { token, body });
const remove = (token: string, id: string) => t.api(contract.users.remove, { params: { id }, token });
const list = (token: string, query: EndpointInput<typeof contract.users.list>["query"] = {}) =>
  t.api(contract.users.list, { token, query });
const login = (email: string, password: string) =>
  t.api(contract.auth.login, { body: { email, password: preHash(password) } });

async function uploadImage(token: string, purpose: UploadPurpose = "avatar"): Promise<string> {
  const file = { content: await makeImage("png", 64, 64), filename: "me.png" };
  const res = await t.upload(contract.files.upload, { token, query: { purpose }, file });
  expect(res.status).toBe(200);
  return res.body.key;
}

describe("POST /user (create)", () => {
  it("lets an admin create a designer: dollars stored as cents, 8 hours a day, can sign in", async () => {
    const form = designerForm({ email: "  Dora.Draw@Example.TEST" });
    const res = await save(admin.token, form);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Dora",
      surname: "Draw",
      email: "dora.draw@example.test",
      role: "designer",
      hourRate: 45.5,
      dailyAvailability: 8,
      avatarKey: null,
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, res.body.id));
    expect(row?.hourRateCents).toBe(4550);
    expect((await login("dora.draw@example.test", "designer pw")).status).toBe(200);
  });

  it("lets a projectManager create a designer with an uploaded avatar and its own availability", async () => {
    const avatarKey = await uploadImage(pm.token);
    const res = await save(pm.token, designerForm({ avatarKey, dailyAvailability: 6 }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ avatarKey, dailyAvailability: 6, role: "designer" });
  });

  it("refuses another user's upload as a new user's avatar, and keeps a user's own avatar on edit", async () => {
    const foreign = await uploadImage(customer.token, "design");
    const res = await save(pm.token, designerForm({ avatarKey: foreign }));
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({ avatarKey: "Avatar must be an image you uploaded as an avatar" });

    // A designer's own avatar stays when staff edit their name (the key is not the editor's upload).
    const d = await buildUser(t, { role: "designer" });
    const own = await uploadImage(d.token);
    expect((await t.api(contract.profile.update, { token: d.token, body: { avatarKey: own } })).status).toBe(200);
    const renamed = await save(admin.token, {
      id: d.user.id,
      name: "R",
      surname: "S",
      email: d.user.email,
      avatarKey: own,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.avatarKey).toBe(own);
    const swapped = await save(admin.token, {
      id: d.user.id,
      name: "R",
      surname: "S",
      email: d.user.email,
      avatarKey: foreign,
    });
    expect(swapped.status).toBe(400);
  });

  it("lets only an admin create a projectManager", async () => {
    expect((await save(pm.token, designerForm({ role: "projectManager" }))).status).toBe(403);
    const res = await save(admin.token, designerForm({ role: "projectManager" }));
    expect(res.status).toBe(200);
    expect(res.body.role).toBe("projectManager");
  });

  it.each([["designer"], ["customer"]] as const)("answers 403 to a %s", async (role) => {
    const actor = role === "designer" ? designer : customer;
    const res = await save(actor.token, designerForm());
    expect(res.status).toBe(403);
    expect(res.error).toEqual({ message: "You are not allowed to do this", code: "FORBIDDEN" });
  });

  it("answers 401 without a token and with a revoked one", async () => {
    expect((await t.api(contract.users.save, { body: designerForm() })).status).toBe(401);
    const gone = await buildUser(t, { role: "admin" });
    await t.api(contract.auth.logout, { token: gone.token });
    expect((await save(gone.token, designerForm())).status).toBe(401);
  });

  it("answers 409 with fields.email for an e-mail in use", async () => {
    const res = await save(admin.token, designerForm({ email: customer.user.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.error.fields).toEqual({ email: "A user with this e-mail already exists" });
  });

  it.each([
    ["password", { password: undefined }, "Password is required"],
    ["password", { password: "secret" }, "Password must be sent as its SHA-256 hex digest"],
    ["role", { role: undefined }, "Role is required"],
    ["role", { role: "admin" }, "Role must be designer or projectManager"],
    ["role", { role: "customer" }, "Role must be designer or projectManager"],
    ["name", { name: "" }, "Name is required"],
    ["surname", { surname: "s".repeat(81) }, "Surname must be at most 80 characters"],
    ["email", { email: "dora" }, "Must be a valid e-mail"],
    ["hourRate", { hourRate: -1 }, "Hour rate cannot be negative"],
    ["hourRate", { hourRate: "a lot" }, "Hour rate must be a number"],
    // JSON numbers are numbers: null, true or [12] were once coerced (null saved a rate of 0).
    ["hourRate", { hourRate: null }, "Hour rate must be a number"],
    ["hourRate", { hourRate: [12] }, "Hour rate must be a number"],
    ["dailyAvailability", { dailyAvailability: true }, "Daily availability must be a number"],
    ["name", { name: "Do\u0000ra" }, MESSAGES.textHasNul],
    ["hourRate", { hourRate: 10.005 }, "Hour rate has at most two decimals"],
    ["hourRate", { hourRate: 10_001 }, "Hour rate must be at most 10000"],
    ["dailyAvailability", { dailyAvailability: 25 }, "Daily availability is at most 24 hours"],
    ["avatarKey", { avatarKey: "../etc/passwd" }, "Must be a file key"],
  ])("answers 400 on %s (%j)", async (field, overrides, message) => {
    const res = await t.raw(contract.users.save, { token: admin.token, body: { ...designerForm(), ...overrides } });
    expect(res.status).toBe(400);
    expect(res.error.fields?.[field]).toBe(message);
  });

  it("answers 400 when the avatar is not an uploaded image", async () => {
    const unknown = await save(admin.token, designerForm({ avatarKey: "A".repeat(24) }));
    expect(unknown.status).toBe(400);
    expect(unknown.error.fields).toEqual({ avatarKey: "Avatar must be an image you uploaded as an avatar" });

    const pdf = { content: Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n"), filename: "cv.pdf" };
    const uploaded = await t.upload(contract.files.upload, {
      token: admin.token,
      query: { purpose: "attachment" },
      file: pdf,
    });
    expect(uploaded.body.contentType).toBe("application/pdf");
    const notImage = await save(admin.token, designerForm({ avatarKey: uploaded.body.key }));
    expect(notImage.status).toBe(400);
    expect(notImage.error.fields).toEqual({ avatarKey: "Avatar must be an image you uploaded as an avatar" });
  });
});

describe("POST /user (update)", () => {
  async function makeUser(role: Role) {
    return (await buildUser(t, { role })).user;
  }

  it("lets a projectManager update a designer's details", async () => {
    const target = await makeUser("designer");
    const res = await save(pm.token, {
      id: target.id,
      name: "Renamed",
      surname: "Person",
      email: target.email,
      hourRate: 60,
      dailyAvailability: 4,
      role: "designer",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.id, name: "Renamed", hourRate: 60, dailyAvailability: 4 });
    const info = await t.api(contract.users.list, { query: { role: "designer", limit: 100 }, token: pm.token });
    expect(info.body.items.find((u: { id: string }) => u.id === target.id)?.name).toBe("Renamed");
  });

  it("refuses a password on update: nobody sets another user's password", async () => {
    const target = await buildUser(t, { role: "designer" });
    const res = await save(admin.token, {
      id: target.user.id,
      name: "N",
      surname: "S",
      email: target.user.email,
      password: preHash("taken over"),
    });
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({ password: "A password can only be changed by its owner, in their settings" });
    expect((await login(target.user.email, target.password)).status).toBe(200);
    expect((await login(target.user.email, "taken over")).status).toBe(401);
  });

  it("lets only an admin change a role or edit a projectManager", async () => {
    const d = await makeUser("designer");
    const otherPm = await makeUser("projectManager");
    const base = (u: { id: string; email: string }) => ({ id: u.id, name: "N", surname: "S", email: u.email });
    expect((await save(pm.token, { ...base(d), role: "projectManager" })).status).toBe(403);
    expect((await save(pm.token, base(otherPm))).status).toBe(403);
    expect((await save(pm.token, base(admin.user))).status).toBe(403);
    const promoted = await save(admin.token, { ...base(d), role: "projectManager" });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe("projectManager");
    expect((await save(admin.token, { ...base(otherPm), role: "designer" })).body.role).toBe("designer");
  });

  it("answers 403 to a designer and a customer, even for themselves", async () => {
    for (const actor of [designer, customer]) {
      const res = await save(actor.token, { id: actor.user.id, name: "N", surname: "S", email: actor.user.email });
      expect(res.status).toBe(403);
    }
  });

  it("answers 409 when the new e-mail belongs to someone else, and accepts the user's own", async () => {
    const target = await makeUser("designer");
    const base = { id: target.id, name: "N", surname: "S" };
    const taken = await save(admin.token, { ...base, email: designer.user.email });
    expect(taken.status).toBe(409);
    expect(taken.error.fields?.email).toBe("A user with this e-mail already exists");
    expect((await save(admin.token, { ...base, email: target.email })).status).toBe(200);
  });

  it("answers 404 for an unknown or removed user and 400 for a malformed id", async () => {
    const base = { name: "N", surname: "S", email: newEmail() };
    expect((await save(admin.token, { ...base, id: unknownId })).status).toBe(404);
    const gone = await makeUser("designer");
    await remove(admin.token, gone.id);
    expect((await save(admin.token, { ...base, id: gone.id })).status).toBe(404);
    const bad = await save(admin.token, { ...base, id: "42" });
    expect(bad.status).toBe(400);
    expect(bad.error.fields).toEqual({ id: "Must be a valid id" });
  });
});

describe("GET /user/list", () => {
  it("pages through users of one role, newest first, without repeats", async () => {
    for (let i = 0; i < 3; i++) await buildUser(t, { role: "designer" });
    const seen: { id: string; createdAt: number; role: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      pages += 1;
      const res = await list(admin.token, { role: "designer", limit: 2, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor && pages < 20);
    expect(cursor, "the last page has no next cursor").toBeNull();
    const active = await t.ctx.db.select().from(users).where(eq(users.role, "designer"));
    const activeIds = active.filter((u) => u.deletedAt === null).map((u) => u.id);
    expect(seen.map((u) => u.id).sort()).toEqual(activeIds.sort());
    expect(seen.every((u) => u.role === "designer")).toBe(true);
    const times = seen.map((u) => u.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("lists every role without a filter and leaves removed users out", async () => {
    const gone = await buildUser(t, { role: "customer" });
    await remove(admin.token, gone.user.id);
    const res = await list(pm.token, { limit: 100 });
    const ids = res.body.items.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([admin.user.id, pm.user.id, designer.user.id, customer.user.id]));
    expect(ids).not.toContain(gone.user.id);
  });

  it("answers 403 to a designer and a customer, 401 without a token", async () => {
    expect((await list(designer.token)).status).toBe(403);
    expect((await list(customer.token)).status).toBe(403);
    expect((await t.api(contract.users.list)).status).toBe(401);
  });

  it.each([
    ["role", "?role=boss"],
    ["limit", "?limit=0"],
    ["limit", "?limit=abc"],
    ["cursor", "?cursor=garbage"],
    ["cursor", `?cursor=${Buffer.from(JSON.stringify(["yesterday", "x"])).toString("base64url")}`],
  ])("answers 400 on a bad %s (%s)", async (field, query) => {
    const res = await t.raw({ method: "GET", url: `/user/list${query}`, token: admin.token });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error.fields ?? {})).toEqual([field]);
  });
});

describe("DELETE /user/:id", () => {
  it("removes a designer: signed out, cannot sign in, e-mail free again", async () => {
    const target = await buildUser(t, { role: "designer" });
    const res = await remove(pm.token, target.user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await t.api(contract.auth.info, { token: target.token })).status).toBe(401);
    expect((await login(target.user.email, target.password)).status).toBe(401);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await save(admin.token, designerForm({ email: target.user.email }))).status).toBe(200);
    expect((await remove(pm.token, target.user.id)).status).toBe(404);
  });

  it("lets only an admin remove a projectManager, and nobody an admin", async () => {
    const otherPm = await buildUser(t, { role: "projectManager" });
    const otherAdmin = await buildUser(t, { role: "admin" });
    expect((await remove(pm.token, otherPm.user.id)).status).toBe(403);
    expect((await remove(pm.token, otherAdmin.user.id)).status).toBe(403);
    expect((await remove(admin.token, otherAdmin.user.id)).status).toBe(403);
    expect((await remove(admin.token, otherPm.user.id)).status).toBe(200);
  });

  it("never lets anyone remove themselves", async () => {
    for (const actor of [admin, pm]) {
      const res = await remove(actor.token, actor.user.id);
      expect(res.status).toBe(403);
      expect(res.error.message).toBe("You cannot remove yourself");
    }
    expect((await t.api(contract.auth.info, { token: pm.token })).status).toBe(200);
  });

  it("answers 403 to a designer and a customer, 404 for an unknown id, 400 for a malformed one", async () => {
    const target = await buildUser(t, { role: "designer" });
    expect((await remove(designer.token, target.user.id)).status).toBe(403);
    expect((await remove(customer.token, target.user.id)).status).toBe(403);
    expect((await remove(admin.token, unknownId)).status).toBe(404);
    const bad = await remove(admin.token, "not-an-id");
    expect(bad.status).toBe(400);
    expect(bad.error.fields).toEqual({ id: "Must be a valid id" });
    expect((await t.api(contract.users.remove, { params: { id: target.user.id } })).status).toBe(401);
  });
});
