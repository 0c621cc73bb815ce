import { contract, SIGN_IN_FAILURES_MAX } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";

// Two server instances over one PostgreSQL database, as behind a load balancer (TRUST_PROXY=1):
// a limit used up on one is used up on both. Runs only in the PostgreSQL run (vitest.config.ts).
const env = { RATE_LIMIT_LOGIN: "3", TRUST_PROXY: "1" };

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp(env);
  b = await createTestApp(env, {}, { sameDatabaseAs: a });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

let lastAddress = 0;
const newAddress = () => `192.0.2.${++lastAddress}`;
const login = (app: TestApp, email: string, password: string, address: string) =>
  app.api(contract.auth.login, {
    body: { email, password: preHash(password) },
    headers: { "x-forwarded-for": address },
  });

describe("rate limits across instances", () => {
  it("counts one address's login attempts once for both instances", async () => {
    const { user, password } = await buildUser(a);
    const address = newAddress();
    expect((await login(a, user.email, "wrong-1", address)).status).toBe(401);
    expect((await login(b, user.email, "wrong-2", address)).status).toBe(401);
    expect((await login(a, user.email, "wrong-3", address)).status).toBe(401);
    const blocked = await login(b, user.email, password, address);
    expect(blocked.status).toBe(429);
    expect(blocked.error.code).toBe("RATE_LIMITED");
  });

  it("locks an e-mail after failures spread over both instances and many addresses", { timeout: 180_000 }, async () => {
    const { user, password } = await buildUser(a);
    for (let n = 0; n < SIGN_IN_FAILURES_MAX; n++) {
      const app = n % 2 === 0 ? a : b;
      expect((await login(app, user.email, `wrong-${n}`, newAddress())).status).toBe(401);
    }
    expect((await login(a, user.email, password, newAddress())).status).toBe(429);
    expect((await login(b, user.email, password, newAddress())).status).toBe(429);
  });
});
