import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { contract, type Endpoint } from "@atelier/shared";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { ApiResponse } from "../../../test/api-client.ts";
import {
  type BuiltUser,
  buildProject,
  buildUser,
  challenged,
  inviteKeyFromMail,
  signedIn,
} from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { prepareEmptyDatabase } from "../setup/index.ts";

/**
 * Issue: every call that hands out a session must ask for the second factor when the account has
 * it on. This file finds those calls in the contract itself (every answer with a `token` field),
 * so a new one fails here until it has a driver below that proves it asks for the code.
 */

let t: TestApp;
let setupKey: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: "1000", RATE_LIMIT_REGISTER: "1000", RATE_LIMIT_PASSWORD_RESET: "1000" });
  // The first-admin key exists only while the database is empty: take it before anyone signs up.
  const notice = await prepareEmptyDatabase(t.ctx, null, { demo: false });
  if (notice.kind !== "setup") throw new Error(`expected a setup link, got ${notice.kind}`);
  setupKey = new URL(notice.link).searchParams.get("setup") ?? "";
});
afterAll(async () => {
  await t.close();
});

// ── the calls whose answer carries a token ──────────────────────────────────────────────────

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  [part: string]: unknown;
}

/** Whether the schema has a `token` field anywhere: in an object, a union's branch, a pipe, an optional… */
function carriesToken(schema: z.ZodType, seen = new Set<z.ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  if (def.type === "object" && def.shape) {
    return "token" in def.shape || Object.values(def.shape).some((field) => carriesToken(field, seen));
  }
  const parts = [def.options, def.left, def.right, def.in, def.out, def.innerType, def.element, def.valueType];
  return parts.flat().some((part) => isSchema(part) && carriesToken(part, seen));
}

function isSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value;
}

const tokenAnswers: [string, Endpoint][] = Object.entries(contract).flatMap(([group, endpoints]) =>
  Object.entries(endpoints as Record<string, Endpoint>)
    .filter(([, endpoint]) => carriesToken(endpoint.response))
    .map(([name, endpoint]): [string, Endpoint] => [`${group}.${name}`, endpoint]),
);

/**
 * Tokens that are not sessions. Each is answered only to a caller who is signed in already (so has
 * passed the second factor), which the test checks.
 */
const NOT_SESSIONS: Record<string, string> = {
  "realtime.init": "the short-lived token of the caller's own realtime stream",
  "billing.clientToken": "a Stripe SetupIntent's client secret for the card form",
  "apiTokens.create": "a personal API token, made only by a session (sessionOnly), which passed the second factor",
};

// ── a person with two-factor sign-in on ─────────────────────────────────────────────────────

interface TwoFactorPerson extends BuiltUser {
  recoveryCodes: string[];
}

let people = 0;
async function buildTwoFactorPerson(
  overrides: { role?: BuiltUser["user"]["role"]; email?: string } = {},
): Promise<TwoFactorPerson> {
  people += 1;
  const person = await buildUser(t, { ...overrides, password: `tf-${people}-Quiet-Lantern-Orbit` });
  const setup = await t.api(contract.twoFactor.setup, { token: person.token });
  const code = await generate({ secret: setup.body.secret, epoch: Math.floor(Date.now() / 1000) });
  const enable = await t.api(contract.twoFactor.enable, { token: person.token, body: { code } });
  expect(enable.status).toBe(200);
  return { ...person, recoveryCodes: [...enable.body.recoveryCodes] };
}

/** The answer asks for the code (and carries no token); a recovery code then signs the person in. */
async function expectChallengeFor(person: TwoFactorPerson, res: ApiResponse<object>): Promise<void> {
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ secondFactorRequired: true, challenge: expect.any(String) });
  expect(res.body).not.toHaveProperty("token");
  expect(res.body).not.toHaveProperty("user");
  const { challenge } = challenged(res.body);
  const code = person.recoveryCodes.shift() ?? "";
  const done = await t.api(contract.twoFactor.completeLogin, { body: { challenge, code } });
  expect(signedIn(done.body).user.id).toBe(person.user.id);
}

/** The call refused an account that already exists, without a token. */
function expectRefusedWithoutToken(res: ApiResponse<object>, status: number): void {
  expect(res.status).toBe(status);
  expect(JSON.stringify(res.received)).not.toContain('"token"');
}

// ── one driver per call that answers a token ────────────────────────────────────────────────

const DRIVERS: Record<string, () => Promise<void>> = {
  "auth.login": async () => {
    const person = await buildTwoFactorPerson();
    const res = await t.api(contract.auth.login, {
      body: { email: person.user.email, password: preHash(person.password) },
    });
    await expectChallengeFor(person, res);
  },

  "twoFactor.completeLogin": async () => {
    // The one call that answers a session after the code: never without a right one.
    const person = await buildTwoFactorPerson();
    const login = await t.api(contract.auth.login, {
      body: { email: person.user.email, password: preHash(person.password) },
    });
    const { challenge } = challenged(login.body);
    expectRefusedWithoutToken(
      await t.api(contract.twoFactor.completeLogin, { body: { challenge, code: "aaaaa-bbbbb" } }),
      400,
    );
    expectRefusedWithoutToken(
      await t.api(contract.twoFactor.completeLogin, {
        body: { challenge: "forged", code: person.recoveryCodes[0] ?? "" },
      }),
      401,
    );
  },

  "auth.confirmPasswordReset": async () => {
    const person = await buildTwoFactorPerson();
    await t.api(contract.auth.requestPasswordReset, { body: { email: person.user.email } });
    const link = new URL((await t.readOutbox()).findLast((mail) => mail.to === person.user.email)?.links?.[0] ?? "");
    const token = link.searchParams.get("token") ?? "";
    const newPassword = "tf-reset-Amber-Gravel-Harbor";
    const res = await t.api(contract.auth.confirmPasswordReset, {
      body: { email: person.user.email, token, password: preHash(newPassword) },
    });
    // The reset stands although the answer is a challenge: the link is spent, the old sessions
    // are gone, and the new password is the one that works.
    expect((await t.api(contract.auth.info, { token: person.token })).status).toBe(401);
    expect(
      (await t.api(contract.auth.checkPasswordReset, { query: { email: person.user.email, token } })).body,
    ).toEqual({
      valid: false,
    });
    const withOld = await t.api(contract.auth.login, {
      body: { email: person.user.email, password: preHash(person.password) },
    });
    expect(withOld.status).toBe(401);
    await expectChallengeFor(person, res);
  },

  "projects.acceptInvite": async () => {
    const admin = await buildUser(t, { role: "admin" });
    const owner = await buildUser(t, { role: "customer" });
    const project = await buildProject(t, { admin, owner, name: "Two-factor invite" });
    // Invited by e-mail before the account existed; the account (two-factor on) accepts later.
    const email = `tf-invite-${Date.now()}@example.test`;
    const invited = await t.api(contract.projects.invite, {
      token: owner.token,
      body: { projectId: project.id, email, role: "viewer" },
    });
    expect(invited.body.invitedExistingUser).toBe(false);
    const mail = (await t.readOutbox()).findLast((sent) => sent.to === email);
    const inviteKey = inviteKeyFromMail(mail ?? {});
    const person = await buildTwoFactorPerson({ email });
    const res = await t.api(contract.projects.acceptInvite, {
      body: { inviteKey, password: preHash(person.password) },
    });
    expect(res.body).toMatchObject({ projectId: project.id });
    // On the team already: the join stands, the session waits for the code.
    const team = await t.api(contract.projects.get, { params: { id: project.id }, token: owner.token });
    expect(team.body.projectUsersFeData.map((member) => member.id)).toContain(person.user.id);
    await expectChallengeFor(person, res);
  },

  // Sign-up, onboarding and first-admin setup make a new account, which cannot have two-factor
  // sign-in on yet; for the e-mail of an account that has, they refuse without a token. That the
  // session they do answer comes from the one door is checked below (no other createSession).
  "auth.register": async () => {
    const person = await buildTwoFactorPerson();
    const res = await t.api(contract.auth.register, {
      body: { name: "Tess", surname: "Twofactor", email: person.user.email, password: preHash(person.password) },
    });
    expectRefusedWithoutToken(res, 409);
  },

  "projects.onboard": async () => {
    const person = await buildTwoFactorPerson();
    const res = await t.api(contract.projects.onboard, {
      body: {
        name: "Tess",
        surname: "Twofactor",
        email: person.user.email,
        password: preHash(person.password),
        projectName: "Second project",
        customerType: "INDIVIDUAL",
        customerAddress: "1 Road",
        customerPost: "Town",
        customerPostCode: "T1",
        country: "IE",
      },
    });
    expectRefusedWithoutToken(res, 409);
  },

  "auth.setupAdmin": async () => {
    const person = await buildTwoFactorPerson({ role: "admin" });
    const res = await t.api(contract.auth.setupAdmin, {
      body: {
        name: "Tess",
        surname: "Twofactor",
        email: person.user.email,
        password: preHash(person.password),
        setup: setupKey,
      },
    });
    expectRefusedWithoutToken(res, 412);
  },
};

describe("every call that answers a token asks for the second factor", () => {
  it("finds the calls in the contract, and each has a driver here (or is not a session)", () => {
    const names = tokenAnswers.map(([name]) => name);
    // The walk works: the known doors are among them.
    expect(names).toEqual(expect.arrayContaining(["auth.login", "auth.confirmPasswordReset", "projects.acceptInvite"]));
    const uncovered = names.filter((name) => !(name in DRIVERS) && !(name in NOT_SESSIONS));
    expect(uncovered, "calls answering a token without a driver in this file").toEqual([]);
    const stale = Object.keys(DRIVERS).filter((name) => !names.includes(name));
    expect(stale, "drivers for calls that no longer answer a token").toEqual([]);
  });

  it("answers the tokens that are not sessions only to a signed-in caller", () => {
    for (const [name, endpoint] of tokenAnswers) {
      if (name in NOT_SESSIONS) expect(endpoint.auth, name).toBe(true);
    }
  });

  for (const [name, drive] of Object.entries(DRIVERS)) {
    it(`${name}: no session for an account with two-factor sign-in on without the code`, drive);
  }

  it("starts sessions in one place: createSession is called only by the two-factor feature's door", () => {
    const src = path.resolve(import.meta.dirname, "../..");
    const callers = listSources(src)
      .filter((file) => /\bcreateSession\(/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(src, file));
    expect(callers.sort()).toEqual(["core/sessions/service.ts", "features/two-factor/service/login.ts"]);
  });
});

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}
