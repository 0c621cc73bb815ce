import { contract, type SaveUserInput } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildOnePerRole, buildUser } from "../../../test/builders.ts";
import { createTestApp, type OutboxMail, preHash, type TestApp } from "../../../test/test-app.ts";
import { emailChanges, users } from "../../db/schema/index.ts";

/**
 * Issue point 4: no account takeover through user management. A project manager could set a
 * customer's sign-in e-mail to their own and sign in as them after a password reset.
 */

let t: TestApp;
let admin: BuiltUser;
let pm: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: "1000", RATE_LIMIT_PASSWORD_RESET: "1000" });
  ({ admin, pm } = await buildOnePerRole(t));
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const freshEmail = () => `moved-${++counter}-${Date.now()}@example.test`;
const save = (token: string, body: SaveUserInput) => t.api(contract.users.save, { token, body });
const login = (email: string, password: string) =>
  t.api(contract.auth.login, { body: { email, password: preHash(password) } });
const confirm = (token: string) => t.api(contract.profile.confirmEmailChange, { body: { token } });
const detailsOf = (u: BuiltUser, email = u.user.email) => ({
  id: u.user.id,
  name: u.user.name,
  surname: u.user.surname,
  email,
});
const emailOf = async (id: string) =>
  (await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;

/** The mails queued since `before`, sent by running their jobs. */
async function mailsSince(before: number): Promise<OutboxMail[]> {
  return (await t.readOutbox()).slice(before);
}

function tokenOf(mail: OutboxMail | undefined): string {
  const link = mail?.links?.[0];
  if (!link) throw new Error("no link in the mail");
  const url = new URL(link);
  expect(url.pathname).toBe("/app/auth/email-change");
  return url.searchParams.get("token") ?? "";
}

describe("user management never reaches a customer's or an admin's account", () => {
  it("answers 403 to a project manager changing a customer's or an admin's e-mail, and nothing changes", async () => {
    const customer = await buildUser(t, { role: "customer" });
    const otherAdmin = await buildUser(t, { role: "admin" });
    const before = (await t.readOutbox()).length;
    for (const target of [customer, otherAdmin]) {
      const res = await save(pm.token, detailsOf(target, pm.user.email.replace("@", "+mine@")));
      expect(res.status).toBe(403);
      const renamed = await save(pm.token, { ...detailsOf(target), name: "Hijacked" });
      expect(renamed.status).toBe(403);
      expect(await emailOf(target.user.id)).toBe(target.user.email);
    }
    expect(await mailsSince(before)).toEqual([]);
    expect((await t.api(contract.users.remove, { token: pm.token, params: { id: customer.user.id } })).status).toBe(
      403,
    );
    expect((await login(customer.user.email, customer.password)).status).toBe(200);
  });

  it("the takeover path fails: e-mail swap, then a reset to the attacker's address, then sign-in", async () => {
    const customer = await buildUser(t, { role: "customer" });
    const attackerAddress = `attacker-${Date.now()}@example.test`;
    expect((await save(pm.token, detailsOf(customer, attackerAddress))).status).toBe(403);
    // Even an admin only asks: the customer's e-mail is the customer's own to change.
    expect((await save(admin.token, detailsOf(customer, attackerAddress))).status).toBe(403);
    const before = (await t.readOutbox()).length;
    await t.api(contract.auth.requestPasswordReset, { body: { email: attackerAddress } });
    expect(await mailsSince(before)).toEqual([]);
    expect((await login(customer.user.email, customer.password)).status).toBe(200);
  });
});

describe("changing a designer's sign-in e-mail", () => {
  it.each([
    ["an admin", () => admin],
    ["a project manager", () => pm],
  ])("%s asks; the old e-mail signs in until the link from the new address is opened", async (_who, staff) => {
    const designer = await buildUser(t, { role: "designer" });
    const newEmail = freshEmail();
    const before = (await t.readOutbox()).length;
    const res = await save(staff().token, { ...detailsOf(designer, newEmail), name: "Renamed" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: designer.user.email, name: "Renamed", pendingEmail: newEmail });
    expect(await emailOf(designer.user.id)).toBe(designer.user.email);
    expect((await login(designer.user.email, designer.password)).status).toBe(200);
    expect((await login(newEmail, designer.password)).status).toBe(401);

    const mails = await mailsSince(before);
    expect(mails.map((mail) => mail.to).sort()).toEqual([designer.user.email, newEmail].sort());
    const notice = mails.find((mail) => mail.to === designer.user.email);
    expect(notice?.text).toContain(newEmail);
    expect(notice?.links ?? []).toEqual([]); // the old address gets no link that would confirm
    const token = tokenOf(mails.find((mail) => mail.to === newEmail));
    // Only the token's hash is stored.
    const [stored] = await t.ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, designer.user.id));
    expect(stored?.tokenHash).not.toBe(token);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: newEmail });
    expect((await login(newEmail, designer.password)).status).toBe(200);
    expect((await login(designer.user.email, designer.password)).status).toBe(401);
    // A link works once.
    const again = await confirm(token);
    expect(again.status).toBe(412);
    expect(again.error.message).toBe("This e-mail confirmation link is invalid or has expired");
  });

  it("refuses a taken e-mail at request time and at confirm time with the e-mail-taken message", async () => {
    const designer = await buildUser(t, { role: "designer" });
    const other = await buildUser(t, { role: "designer" });
    const taken = await save(admin.token, detailsOf(designer, other.user.email));
    expect(taken.status).toBe(409);
    expect(taken.error.fields).toEqual({ email: "A user with this e-mail already exists" });

    const wanted = freshEmail();
    const before = (await t.readOutbox()).length;
    expect((await save(admin.token, detailsOf(designer, wanted))).status).toBe(200);
    const token = tokenOf((await mailsSince(before)).find((mail) => mail.to === wanted));
    await buildUser(t, { role: "customer", email: wanted }); // someone signs up with it meanwhile
    const late = await confirm(token);
    expect(late.status).toBe(409);
    expect(late.error.message).toBe("A user with this e-mail already exists");
    expect(await emailOf(designer.user.id)).toBe(designer.user.email);
  });

  it("a newer request replaces the older link, and unknown or expired links are refused", async () => {
    const designer = await buildUser(t, { role: "designer" });
    const before = (await t.readOutbox()).length;
    const first = freshEmail();
    const second = freshEmail();
    await save(admin.token, detailsOf(designer, first));
    await save(admin.token, detailsOf(designer, second));
    const mails = await mailsSince(before);
    const firstToken = tokenOf(mails.find((mail) => mail.to === first));
    const secondToken = tokenOf(mails.find((mail) => mail.to === second));
    expect((await confirm(firstToken)).status).toBe(412);
    await t.ctx.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, designer.user.id));
    expect((await confirm(secondToken)).status).toBe(412);
    expect((await confirm("x".repeat(43))).status).toBe(412);
    expect(await emailOf(designer.user.id)).toBe(designer.user.email);
  });
});

describe("changing one's own sign-in e-mail", () => {
  it("is refused through user management: it belongs in settings, with the password", async () => {
    const res = await save(pm.token, detailsOf(pm, freshEmail()));
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({ email: "Change your own e-mail in your settings" });
  });

  it("needs the current password in settings, then waits for the link", async () => {
    const me = await buildUser(t, { role: "customer" });
    const update = (body: Record<string, unknown>) => t.api(contract.profile.update, { token: me.token, body });
    const newEmail = freshEmail();
    const bare = await update({ email: newEmail });
    expect(bare.status).toBe(400);
    expect(bare.error.fields).toEqual({ currentPassword: "Enter your current password to change your e-mail" });
    const wrong = await update({ email: newEmail, currentPassword: preHash("not mine") });
    expect(wrong.error.fields).toEqual({ currentPassword: "Current password is wrong" });

    const before = (await t.readOutbox()).length;
    const asked = await update({ email: newEmail, currentPassword: preHash(me.password) });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ email: me.user.email, pendingEmail: newEmail });
    const mails = await mailsSince(before);
    expect(mails.find((mail) => mail.to === me.user.email)?.text).toContain(newEmail);
    expect((await confirm(tokenOf(mails.find((mail) => mail.to === newEmail)))).status).toBe(200);
    expect((await t.api(contract.auth.info, { token: me.token })).body.email).toBe(newEmail);
  });
});
