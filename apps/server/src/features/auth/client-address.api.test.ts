import { contract } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";

// Which address a request counts against: the socket's unless TRUST_PROXY names the proxy.

async function loginFrom(app: TestApp, email: string, forwardedFor: string) {
  const res = await app.api(contract.auth.login, {
    body: { email, password: preHash("wrong") },
    headers: { "x-forwarded-for": forwardedFor },
  });
  return res.status;
}

describe("client address by default", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOGIN: "3" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("ignores X-Forwarded-For, so a forged one does not escape the login limit", async () => {
    const { user } = await buildUser(t);
    const statuses: number[] = [];
    for (const n of [1, 2, 3, 4]) statuses.push(await loginFrom(t, user.email, `198.51.100.${n}`));
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe("client address with TRUST_PROXY=1", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOGIN: "3", TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("takes the client address from the nearest X-Forwarded-For entry", async () => {
    const { user } = await buildUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push(await loginFrom(t, user.email, "198.51.100.7"));
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy has its own count; only the nearest hop is believed.
    expect(await loginFrom(t, user.email, "198.51.100.8")).toBe(401);
    expect(await loginFrom(t, user.email, "198.51.100.7, 198.51.100.9")).toBe(401);
    expect(await loginFrom(t, user.email, "198.51.100.8, 198.51.100.7")).toBe(429);
  });
});
