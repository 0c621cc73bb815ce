import { contract, PRIVACY_MESSAGES, SECOND_FACTOR_FAILURES_MAX, SECOND_FACTOR_LOCK_MINUTES } from "@atelier/shared";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser, challenged } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";

// TRUST_PROXY=1: each sign-in comes from an address of its own, as a distributed guesser's would.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  await t.close();
});

let lastAddress = 0;
const newAddress = () => `198.18.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function enrol(person: BuiltUser): Promise<string> {
  const setup = await t.api(contract.twoFactor.setup, { token: person.token });
  const enable = await t.api(contract.twoFactor.enable, {
    token: person.token,
    body: { code: await codeAt(setup.body.secret) },
  });
  expect(enable.status).toBe(200);
  return setup.body.secret;
}

async function challengeFor(person: BuiltUser): Promise<string> {
  const res = await t.api(contract.auth.login, {
    body: { email: person.user.email, password: preHash(person.password) },
    headers: { "x-forwarded-for": newAddress() },
  });
  return challenged(res.body).challenge;
}

const secondFactor = (challenge: string, code: string) =>
  t.api(contract.twoFactor.completeLogin, { body: { challenge, code }, headers: { "x-forwarded-for": newAddress() } });

/** A code no nearby time step gives, so it is wrong whenever it is sent. */
async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all([-60, -30, 0, 30, 60].map((offset) => codeAt(secret, offset)));
  return ["000000", "111111", "222222", "333333", "444444", "555555"].find((code) => !near.includes(code)) ?? "999999";
}

describe("second-factor lock per account", () => {
  it("refuses even a right code after 10 wrong ones across challenges, and tells the owner once", async () => {
    const person = await buildUser(t, { role: "customer" });
    const secret = await enrol(person);
    const wrong = await wrongCode(secret);
    // Each challenge takes 5 wrong codes; a new password step gives a new challenge.
    const perChallenge = 5;
    const statuses: number[] = [];
    for (let sent = 0; sent < SECOND_FACTOR_FAILURES_MAX; sent += perChallenge) {
      const challenge = await challengeFor(person);
      for (let i = 0; i < perChallenge; i += 1) statuses.push((await secondFactor(challenge, wrong)).status);
    }
    expect(statuses).toEqual(Array(SECOND_FACTOR_FAILURES_MAX).fill(400));

    // The next time step's code: right, and not the one enrolment used.
    const locked = await secondFactor(await challengeFor(person), await codeAt(secret, 30));
    expect(locked.status).toBe(429);
    expect(locked.error).toEqual({
      message: PRIVACY_MESSAGES.twoFactorLocked(SECOND_FACTOR_LOCK_MINUTES),
      code: "RATE_LIMITED",
    });

    const mails = (await t.readOutbox()).filter((mail) => mail.to === person.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/paused after wrong codes/);
    expect(mails[0]?.text).toContain(`${SECOND_FACTOR_FAILURES_MAX} wrong sign-in codes`);

    // Another account's code step is not touched.
    const other = await buildUser(t, { role: "customer" });
    const otherSecret = await enrol(other);
    const fine = await secondFactor(await challengeFor(other), await codeAt(otherSecret, 30));
    expect(fine.status).toBe(200);
  });
});
