import { contract } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: "3", RATE_LIMIT_REGISTER: "2", RATE_LIMIT_PASSWORD_RESET: "2" });
});
afterAll(async () => {
  await t.close();
});

const tooMany = { message: "Too many requests, try again later", code: "RATE_LIMITED" };

describe("rate limits", () => {
  it("stops the 4th login attempt for one e-mail within a minute, with the JSON error", async () => {
    const { user, password } = await buildUser(t);
    const attempt = (pw: string) => t.api(contract.auth.login, { body: { email: user.email, password: preHash(pw) } });
    expect((await attempt("wrong-1")).status).toBe(401);
    expect((await attempt("wrong-2")).status).toBe(401);
    expect((await attempt("wrong-3")).status).toBe(401);
    const blocked = await attempt(password);
    expect(blocked.status).toBe(429);
    expect(blocked.error).toEqual(tooMany);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);

    // The key is client and e-mail: another account from the same client still signs in.
    const other = await buildUser(t);
    const otherLogin = await t.api(contract.auth.login, {
      body: { email: other.user.email, password: preHash(other.password) },
    });
    expect(otherLogin.status).toBe(200);
  });

  it("counts the e-mail whatever its case", async () => {
    const { user } = await buildUser(t);
    const statuses: number[] = [];
    for (const email of [user.email, user.email.toUpperCase(), ` ${user.email}`, user.email]) {
      const res = await t.api(contract.auth.login, { body: { email, password: preHash("x") } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("stops the 3rd sign-up from one client", async () => {
    const signup = (n: number) =>
      t.api(contract.auth.register, {
        body: { name: "R", surname: "L", email: `rl-${n}@example.test`, password: preHash("pw") },
      });
    expect((await signup(1)).status).toBe(200);
    expect((await signup(2)).status).toBe(200);
    const blocked = await signup(3);
    expect(blocked.status).toBe(429);
    expect(blocked.error).toEqual(tooMany);
  });

  it("stops the 3rd reset request for one e-mail and sends no more mail", async () => {
    const { user } = await buildUser(t);
    const ask = () => t.api(contract.auth.requestPasswordReset, { body: { email: user.email } });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const blocked = await ask();
    expect(blocked.status).toBe(429);
    expect(blocked.error).toEqual(tooMany);
    const mails = (await t.readOutbox()).filter((mail) => mail.to === user.email);
    expect(mails).toHaveLength(2);
  });
});
