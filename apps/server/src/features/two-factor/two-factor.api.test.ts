import { contract } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser, challenged, signedIn } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { events } from "../../db/schema/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: "6", TRUST_PROXY: "1" });
});
afterAll(async () => {
  await t.close();
});

let address = 0;
/** Each test signs in from its own address, so the per-client rate limit of one does not touch another. */
const newAddress = () => `10.0.0.${++address}`;

const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function enrol(person: BuiltUser): Promise<{ secret: string; recoveryCodes: string[]; enrolmentCode: string }> {
  const setup = await t.api(contract.twoFactor.setup, { token: person.token });
  expect(setup.status).toBe(200);
  expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const enrolmentCode = await codeAt(setup.body.secret);
  const enable = await t.api(contract.twoFactor.enable, { token: person.token, body: { code: enrolmentCode } });
  expect(enable.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enable.body.recoveryCodes, enrolmentCode };
}

// TRUST_PROXY=1: the client address is the X-Forwarded-For a proxy adds, as behind the real one.
function login(person: BuiltUser, address: string) {
  return t.api(contract.auth.login, {
    body: { email: person.user.email, password: preHash(person.password) },
    headers: { "x-forwarded-for": address },
  });
}

/** A sign-in that must ask for the code: its challenge. */
async function challengeFor(person: BuiltUser, address: string): Promise<string> {
  return challenged((await login(person, address)).body).challenge;
}

function secondFactor(challenge: string, code: string, address: string) {
  return t.api(contract.twoFactor.completeLogin, {
    body: { challenge, code },
    headers: { "x-forwarded-for": address },
  });
}

const info = (token: string) => t.api(contract.auth.info, { token });

describe("two-factor sign-in", () => {
  it("enrols with a code, then sign-in asks for the code after the password; older sessions keep working", async () => {
    const designer = await buildUser(t, { role: "designer" });
    const before = await t.api(contract.twoFactor.status, { token: designer.token });
    expect(before.body).toEqual({ enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 });

    const { secret, recoveryCodes } = await enrol(designer);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const after = await t.api(contract.twoFactor.status, { token: designer.token });
    expect(after.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    // The session made before 2FA was on still works.
    expect((await info(designer.token)).status).toBe(200);

    const ip = newAddress();
    const first = await login(designer, ip);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      secondFactorRequired: true,
      challenge: expect.any(String),
      expiresAt: expect.any(Number),
    });
    const { challenge } = challenged(first.body);
    expect("token" in first.body).toBe(false);

    const done = await secondFactor(challenge, await codeAt(secret, 30), ip);
    expect(done.status).toBe(200);
    expect(done.body.user.id).toBe(designer.user.id);
    expect((await info(done.body.token)).status).toBe(200);
    // The challenge is spent with the sign-in.
    expect((await secondFactor(challenge, await codeAt(secret, 30), ip)).status).toBe(401);
  });

  it("refuses a wrong, a reused and an old code", async () => {
    const person = await buildUser(t, { role: "customer" });
    const { secret, enrolmentCode } = await enrol(person);
    const ip = newAddress();
    const challenge = await challengeFor(person, ip);

    const wrong = await secondFactor(challenge, "000000" === (await codeAt(secret)) ? "111111" : "000000", ip);
    expect(wrong.status).toBe(400);
    expect(wrong.error.fields).toEqual({ code: "This code is wrong or was already used" });

    // The code that turned 2FA on was spent then (the same string, even if a 30 s window has passed).
    const reused = await secondFactor(challenge, enrolmentCode, ip);
    expect(reused.status).toBe(400);

    const old = await secondFactor(challenge, await codeAt(secret, -90), ip);
    expect(old.status).toBe(400);

    const nextCode = await codeAt(secret, 30);
    const next = await secondFactor(challenge, nextCode, ip);
    expect(next.status).toBe(200);
    // And that one cannot sign in a second time.
    const again = await challengeFor(person, ip);
    expect((await secondFactor(again, nextCode, ip)).status).toBe(400);
  });

  it("takes each recovery code once", async () => {
    const person = await buildUser(t, { role: "customer" });
    const { recoveryCodes } = await enrol(person);
    const ip = newAddress();
    const code = recoveryCodes[0] ?? "";
    const first = await challengeFor(person, ip);
    expect((await secondFactor(first, code.toUpperCase(), ip)).status).toBe(200);
    const second = await challengeFor(person, ip);
    expect((await secondFactor(second, code, ip)).status).toBe(400);
    const status = await t.api(contract.twoFactor.status, { token: person.token });
    expect(status.body.recoveryCodesLeft).toBe(9);
  });

  it("limits the code step like the password: per client, and five wrong codes per challenge", async () => {
    const person = await buildUser(t, { role: "customer" });
    const { secret } = await enrol(person);
    const ip = newAddress();
    const challenge = await challengeFor(person, ip);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await secondFactor(challenge, "123456", ip)).status);
    // A right code is too late once the challenge took five wrong ones.
    expect(statuses.slice(0, 5).every((status) => status === 400 || status === 200)).toBe(true);
    expect(statuses[5]).toBe(401);
    const blocked = await secondFactor(challenge, await codeAt(secret, 30), ip);
    expect(blocked.status).toBe(429);
    expect(blocked.error.code).toBe("RATE_LIMITED");
  });

  it("turns off only with a code, and an admin can reset it for someone who lost their device", async () => {
    const person = await buildUser(t, { role: "designer" });
    const { secret } = await enrol(person);
    const wrong = await t.api(contract.twoFactor.disable, { token: person.token, body: { code: "000001" } });
    expect(wrong.status).toBe(400);
    const off = await t.api(contract.twoFactor.disable, {
      token: person.token,
      body: { code: await codeAt(secret, 30) },
    });
    expect(off.status).toBe(200);
    expect(signedIn((await login(person, newAddress())).body).token).toEqual(expect.any(String));

    await enrol(person);
    const admin = await buildUser(t, { role: "admin" });
    const pm = await buildUser(t, { role: "projectManager" });
    const params = { id: person.user.id };
    expect((await t.api(contract.twoFactor.adminReset, { params, token: pm.token })).status).toBe(403);
    expect((await t.api(contract.twoFactor.adminReset, { params, token: admin.token })).status).toBe(200);
    expect(signedIn((await login(person, newAddress())).body).token).toEqual(expect.any(String));
    const logged = await t.ctx.db
      .select({ actorId: events.actorId, subjectId: events.subjectId })
      .from(events)
      .where(eq(events.type, "user.twoFactorReset"));
    expect(logged).toEqual([{ actorId: admin.user.id, subjectId: person.user.id }]);
  });
});
