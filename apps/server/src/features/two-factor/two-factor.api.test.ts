import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { events } from "../../db/schema/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: "6" });
});
afterAll(async () => {
  await t.close();
});

let address = 0;
/** Each test signs in from its own address, so the per-client rate limit of one does not touch another. */
const newAddress = () => `10.0.0.${++address}`;

const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function enrol(person: BuiltUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t.call({ method: "POST", url: "/profile/twoFactor/setup", token: person.token });
  expect(setup.status).toBe(200);
  expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const enable = await t.call({
    method: "POST",
    url: "/profile/twoFactor/enable",
    token: person.token,
    payload: { code: await codeAt(setup.body.secret) },
  });
  expect(enable.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enable.body.recoveryCodes };
}

function login(person: BuiltUser, remoteAddress: string) {
  return t.call({
    method: "POST",
    url: "/auth/login",
    payload: { email: person.user.email, password: preHash(person.password) },
    remoteAddress,
  });
}

function secondFactor(challenge: string, code: string, remoteAddress: string) {
  return t.call({ method: "POST", url: "/auth/login/secondFactor", payload: { challenge, code }, remoteAddress });
}

const info = (token: string) => t.call({ method: "GET", url: "/auth/info", token });

describe("two-factor sign-in", () => {
  it("enrols with a code, then sign-in asks for the code after the password; older sessions keep working", async () => {
    const designer = await t.buildUser({ role: "designer" });
    const before = await t.call({ method: "GET", url: "/profile/twoFactor", token: designer.token });
    expect(before.body).toEqual({ enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 });

    const { secret, recoveryCodes } = await enrol(designer);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const after = await t.call({ method: "GET", url: "/profile/twoFactor", token: designer.token });
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
    expect(first.body.token).toBeUndefined();

    const done = await secondFactor(first.body.challenge, await codeAt(secret, 30), ip);
    expect(done.status).toBe(200);
    expect(done.body.user.id).toBe(designer.user.id);
    expect((await info(done.body.token)).status).toBe(200);
    // The challenge is spent with the sign-in.
    expect((await secondFactor(first.body.challenge, await codeAt(secret, 30), ip)).status).toBe(401);
  });

  it("refuses a wrong, a reused and an old code", async () => {
    const person = await t.buildUser({ role: "customer" });
    const { secret } = await enrol(person);
    const ip = newAddress();
    const { body } = await login(person, ip);

    const wrong = await secondFactor(body.challenge, "000000" === (await codeAt(secret)) ? "111111" : "000000", ip);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ code: "This code is wrong or was already used" });

    // The code that turned 2FA on was spent then.
    const reused = await secondFactor(body.challenge, await codeAt(secret), ip);
    expect(reused.status).toBe(400);

    const old = await secondFactor(body.challenge, await codeAt(secret, -90), ip);
    expect(old.status).toBe(400);

    const next = await secondFactor(body.challenge, await codeAt(secret, 30), ip);
    expect(next.status).toBe(200);
    // And that one cannot sign in a second time.
    const again = await login(person, ip);
    expect((await secondFactor(again.body.challenge, await codeAt(secret, 30), ip)).status).toBe(400);
  });

  it("takes each recovery code once", async () => {
    const person = await t.buildUser({ role: "customer" });
    const { recoveryCodes } = await enrol(person);
    const ip = newAddress();
    const code = recoveryCodes[0] ?? "";
    const first = await login(person, ip);
    expect((await secondFactor(first.body.challenge, code.toUpperCase(), ip)).status).toBe(200);
    const second = await login(person, ip);
    expect((await secondFactor(second.body.challenge, code, ip)).status).toBe(400);
    const status = await t.call({ method: "GET", url: "/profile/twoFactor", token: person.token });
    expect(status.body.recoveryCodesLeft).toBe(9);
  });

  it("limits the code step like the password: per client, and five wrong codes per challenge", async () => {
    const person = await t.buildUser({ role: "customer" });
    const { secret } = await enrol(person);
    const ip = newAddress();
    const { body } = await login(person, ip);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await secondFactor(body.challenge, "123456", ip)).status);
    // A right code is too late once the challenge took five wrong ones.
    expect(statuses.slice(0, 5).every((status) => status === 400 || status === 200)).toBe(true);
    expect(statuses[5]).toBe(401);
    const blocked = await secondFactor(body.challenge, await codeAt(secret, 30), ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("RATE_LIMITED");
  });

  it("turns off only with a code, and an admin can reset it for someone who lost their device", async () => {
    const person = await t.buildUser({ role: "designer" });
    const { secret } = await enrol(person);
    const wrong = await t.call({
      method: "POST",
      url: "/profile/twoFactor/disable",
      token: person.token,
      payload: { code: "000001" },
    });
    expect(wrong.status).toBe(400);
    const off = await t.call({
      method: "POST",
      url: "/profile/twoFactor/disable",
      token: person.token,
      payload: { code: await codeAt(secret, 30) },
    });
    expect(off.status).toBe(200);
    expect((await login(person, newAddress())).body.token).toEqual(expect.any(String));

    await enrol(person);
    const admin = await t.buildUser({ role: "admin" });
    const pm = await t.buildUser({ role: "projectManager" });
    const url = `/user/${person.user.id}/twoFactor/reset`;
    expect((await t.call({ method: "POST", url, token: pm.token })).status).toBe(403);
    expect((await t.call({ method: "POST", url, token: admin.token })).status).toBe(200);
    expect((await login(person, newAddress())).body.token).toEqual(expect.any(String));
    const logged = await t.ctx.db
      .select({ actorId: events.actorId, subjectId: events.subjectId })
      .from(events)
      .where(eq(events.type, "user.twoFactorReset"));
    expect(logged).toEqual([{ actorId: admin.user.id, subjectId: person.user.id }]);
  });
});

describe("two-factor sign-in required for staff", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ TWO_FACTOR_REQUIRED_FOR_STAFF: "1" });
  });
  afterAll(async () => {
    await strict.close();
  });

  it("tells staff it is required and does not let them turn it off", async () => {
    const pm = await strict.buildUser({ role: "projectManager" });
    const customer = await strict.buildUser({ role: "customer" });
    const status = await strict.call({ method: "GET", url: "/profile/twoFactor", token: pm.token });
    expect(status.body.required).toBe(true);
    expect((await strict.call({ method: "GET", url: "/profile/twoFactor", token: customer.token })).body.required).toBe(
      false,
    );
    const off = await strict.call({
      method: "POST",
      url: "/profile/twoFactor/disable",
      token: pm.token,
      payload: { code: "123456" },
    });
    expect(off.status).toBe(412);
    expect(off.body.message).toBe("Two-factor sign-in is required for staff accounts");
  });
});
