import { contract } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, signedIn } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { passwordResets } from "../../db/schema/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PASSWORD_RESET: "1000", RATE_LIMIT_LOGIN: "1000" });
});
afterAll(async () => {
  await t.close();
});

/** Asks for a reset and returns the link from the e-mail, parsed. */
async function requestLink(email: string): Promise<{ url: URL; email: string; token: string }> {
  const before = (await t.readOutbox()).length;
  const res = await t.api(contract.auth.requestPasswordReset, { body: { email } });
  expect(res.status).toBe(200);
  const mails = await t.readOutbox();
  expect(mails).toHaveLength(before + 1);
  const mail = mails.at(-1);
  const link = mail?.links?.[0];
  if (!mail || !link) throw new Error("no reset mail");
  expect(mail.to).toBe(email);
  expect(mail.text).toContain(link);
  const url = new URL(link);
  return { url, email: url.searchParams.get("email") ?? "", token: url.searchParams.get("token") ?? "" };
}

/**
 * What the database driver was asked during `work`: each statement's SQL (values left out), and a
 * marker for each transaction (PGlite) or checked-out connection (pg's Pool), whose statements go
 * through another object.
 */
async function recordStatements(work: () => Promise<unknown>): Promise<string[]> {
  // Drizzle keeps the driver it was built over on `$client` (PGlite, or pg's Pool); pg-boss's SQL goes through it too.
  const client = (t.ctx.db as unknown as { $client: Record<string, unknown> }).$client;
  const methods = ["query", "exec", "transaction", "connect"].filter((name) => typeof client[name] === "function");
  const originals = new Map(methods.map((name) => [name, { fn: client[name], own: Object.hasOwn(client, name) }]));
  const texts: string[] = [];
  for (const [name, { fn }] of originals) {
    client[name] = function recorded(this: unknown, ...args: unknown[]) {
      const [first] = args;
      const sql = typeof first === "string" ? first : (first as { text?: unknown } | undefined)?.text;
      texts.push(name === "query" || name === "exec" ? String(sql) : name);
      return (fn as (...all: unknown[]) => unknown).apply(this, args);
    };
  }
  try {
    await work();
  } finally {
    for (const [name, { fn, own }] of originals) {
      if (own) client[name] = fn;
      else delete client[name];
    }
  }
  return texts;
}

const check = (email: string, token: string) => t.api(contract.auth.checkPasswordReset, { query: { email, token } });
const confirm = (email: string, token: string, password: string) =>
  t.api(contract.auth.confirmPasswordReset, { body: { email, token, password: preHash(password) } });
const login = (email: string, password: string) =>
  t.api(contract.auth.login, { body: { email, password: preHash(password) } });

describe("POST /auth/passwordReset", () => {
  it("mails a link to the reset screen of the web app", async () => {
    const { user } = await buildUser(t);
    const { url, email, token } = await requestLink(user.email);
    expect(`${url.origin}${url.pathname}`).toBe("http://localhost:3000/app/auth/reset");
    expect(email).toBe(user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("answers the same success for an unknown e-mail and sends nothing", async () => {
    const before = (await t.readOutbox()).length;
    const res = await t.api(contract.auth.requestPasswordReset, { body: { email: "ghost@example.test" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await t.readOutbox()).toHaveLength(before);
  });

  it("does the same work for an unknown e-mail as for an account, so its time tells nothing", async () => {
    const { user } = await buildUser(t);
    await t.drainJobs();
    const known = await recordStatements(() =>
      t.api(contract.auth.requestPasswordReset, { body: { email: user.email } }),
    );
    const unknown = await recordStatements(() =>
      t.api(contract.auth.requestPasswordReset, { body: { email: "nobody-here@example.test" } }),
    );
    // The same statements, and none that reads the account or writes a link: that is the job's.
    expect(unknown).toEqual(known);
    expect(known.length).toBeGreaterThan(0);
    expect(known.join("\n")).not.toMatch(/"users"|"password_resets"/);
    expect(await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(0);
    // The job then mails the account, and only it.
    const mails = await t.readOutbox();
    expect(mails.filter((mail) => mail.to === user.email)).toHaveLength(1);
    expect(mails.filter((mail) => mail.to === "nobody-here@example.test")).toHaveLength(0);
  });

  it("answers 400 for a bad e-mail", async () => {
    const res = await t.api(contract.auth.requestPasswordReset, { body: { email: "nope" } });
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({ email: "Must be a valid e-mail" });
  });
});

describe("GET /auth/passwordReset", () => {
  it("says a fresh link is valid and a wrong token or another e-mail is not", async () => {
    const { user } = await buildUser(t);
    const other = await buildUser(t);
    const { token } = await requestLink(user.email);
    expect((await check(user.email, token)).body).toEqual({ valid: true });
    expect((await check(user.email, `${token.slice(0, -1)}x`)).body).toEqual({ valid: false });
    expect((await check(other.user.email, token)).body).toEqual({ valid: false });
  });

  it("answers 400 without a token", async () => {
    const res = await t.raw(contract.auth.checkPasswordReset, { query: { email: "a@example.test" } });
    expect(res.status).toBe(400);
    expect(res.error.fields?.token).toBeDefined();
  });
});

describe("POST /auth/passwordReset/confirm", () => {
  it("sets the new password once, ends old sessions and signs the user in", async () => {
    const { user, token: oldSession, password: oldPassword } = await buildUser(t);
    const { token } = await requestLink(user.email);

    const res = await confirm(user.email, token, "brand new secret");
    expect(res.status).toBe(200);
    const session = signedIn(res.body);
    expect(session.user.id).toBe(user.id);
    expect((await t.api(contract.auth.info, { token: session.token })).status).toBe(200);

    expect((await t.api(contract.auth.info, { token: oldSession })).status).toBe(401);
    expect((await login(user.email, oldPassword)).status).toBe(401);
    expect((await login(user.email, "brand new secret")).status).toBe(200);

    const again = await confirm(user.email, token, "third secret");
    expect(again.status).toBe(412);
    expect(again.error.message).toBe("This reset link is invalid or has expired");
    expect((await check(user.email, token)).body).toEqual({ valid: false });
    expect((await login(user.email, "third secret")).status).toBe(401);
  });

  it("refuses a link older than an hour", async () => {
    const { user, password } = await buildUser(t);
    const { token } = await requestLink(user.email);
    await t.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await check(user.email, token)).body).toEqual({ valid: false });
    expect((await confirm(user.email, token, "too late")).status).toBe(412);
    expect((await login(user.email, password)).status).toBe(200);
  });

  it("expires a link one hour after it was asked for", async () => {
    const { user } = await buildUser(t);
    const asked = Date.now();
    await requestLink(user.email);
    const [row] = await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    const inMinutes = ((row?.expiresAt.getTime() ?? 0) - asked) / 60_000;
    expect(inMinutes).toBeGreaterThan(59);
    expect(inMinutes).toBeLessThanOrEqual(61);
  });

  it("answers 400 for a password that is not pre-hashed", async () => {
    const { user } = await buildUser(t);
    const { token } = await requestLink(user.email);
    const res = await t.api(contract.auth.confirmPasswordReset, {
      body: { email: user.email, token, password: "plain" },
    });
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({ password: "Password must be sent as its SHA-256 hex digest" });
  });
});
