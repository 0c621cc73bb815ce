import { randomBytes, randomInt } from "node:crypto";
import { contract, SIGN_IN_FAILURES_MAX } from "@atelier/shared";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";

// REDIS_URL: the counts live in Redis (TEST_REDIS_URL; vitest.config.ts runs this file only when it
// is set). Two apps, each over a database of its own, share them, so only Redis can be what they
// share. Addresses and e-mails are random: Redis outlives the run, and a count left by an earlier
// run must not meet this one.
const redisUrl = process.env.TEST_REDIS_URL ?? "";
const env = { REDIS_URL: redisUrl, RATE_LIMIT_LOGIN: "3", TRUST_PROXY: "1" };

let a: TestApp;
let b: TestApp;
let redis: Redis;
beforeAll(async () => {
  a = await createTestApp(env);
  b = await createTestApp(env);
  redis = new Redis(redisUrl);
});
afterAll(async () => {
  await redis.quit();
  await b.close();
  await a.close();
});

const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const login = (app: TestApp, email: string, address: string) =>
  app.api(contract.auth.login, {
    body: { email, password: preHash("wrong") },
    headers: { "x-forwarded-for": address },
  });

describe("rate limits in Redis", () => {
  it("counts a route's limit in Redis through @fastify/rate-limit, one count for both apps", async () => {
    const address = newAddress();
    const email = `redis-${randomBytes(6).toString("hex")}@example.test`;
    expect((await login(a, email, address)).status).toBe(401);
    expect((await login(b, email, address)).status).toBe(401);
    expect((await login(a, email, address)).status).toBe(401);
    const blocked = await login(b, email, address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);

    const keys = await redis.keys(`atelier-rate-limit:*${address}`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0] ?? ""))).toBe(4);
  });

  it("keeps the failures per e-mail in Redis too", { timeout: 180_000 }, async () => {
    const email = `redis-lock-${randomBytes(6).toString("hex")}@example.test`;
    for (let n = 0; n < SIGN_IN_FAILURES_MAX; n++) {
      expect((await login(n % 2 === 0 ? a : b, email, newAddress())).status).toBe(401);
    }
    expect((await login(a, email, newAddress())).status).toBe(429);
    expect(await redis.exists(`atelier-count:sign-in-failures|${email}`)).toBe(1);
  });
});
