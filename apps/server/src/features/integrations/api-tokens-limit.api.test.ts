import { contract } from "@atelier/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

// RATE_LIMIT_API_TOKEN=3: each token makes at most 3 calls a minute, whoever else calls.
let t: TestApp;
let person: BuiltUser;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_API_TOKEN: "3" });
  person = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

async function newToken(name: string): Promise<string> {
  const created = await t.api(contract.apiTokens.create, {
    body: { name, scope: "read", expiresInDays: 7 },
    token: person.token,
  });
  return created.body.token;
}

it("limits calls per token: the fourth call of a minute is 429, another token and the session still answer", async () => {
  const busy = await newToken("busy");
  const calm = await newToken("calm");
  const call = (token: string) => t.api(contract.auth.info, { headers: { authorization: `Bearer ${token}` } });
  for (let i = 0; i < 3; i += 1) expect((await call(busy)).status).toBe(200);
  const limited = await call(busy);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  expect((await call(calm)).status).toBe(200);
  expect((await t.api(contract.auth.info, { token: person.token })).status).toBe(200);
});
