import { contract } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, signedIn } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "1" });
});
afterAll(async () => {
  await t.close();
});

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe("signed-in devices", () => {
  it("lists the person's devices with browser, place and last seen, and signs one out", async () => {
    const person = await buildUser(t);
    // TRUST_PROXY=1: the client address is the X-Forwarded-For a proxy adds, as behind the real one.
    const signIn = async (agent: string, address: string) =>
      signedIn(
        (
          await t.api(contract.auth.login, {
            body: { email: person.user.email, password: preHash(person.password) },
            headers: { "user-agent": agent, "x-forwarded-for": address },
          })
        ).body,
      ).token;
    const laptop = await signIn(FIREFOX, "203.0.113.7");
    const phone = await signIn(SAFARI, "198.51.100.20");

    const list = await t.api(contract.privacy.listSessions, { token: laptop });
    expect(list.status).toBe(200);
    const byBrowser = Object.fromEntries(list.body.items.map((item) => [item.browser, item]));
    expect(byBrowser["Firefox on Windows"]).toMatchObject({ place: "203.0.113.7", current: true });
    expect(byBrowser["Safari on iOS"]).toMatchObject({ place: "198.51.100.20", current: false });
    expect(byBrowser["Unknown browser"]).toMatchObject({ current: false }); // the builder's own session
    for (const item of list.body.items) expect(item.lastSeenAt).toBeGreaterThan(Date.now() - 60_000);

    const phoneId = byBrowser["Safari on iOS"]?.id ?? "";
    const out = await t.api(contract.privacy.revokeSession, { params: { id: phoneId }, token: laptop });
    expect(out.status).toBe(200);
    expect((await t.api(contract.auth.info, { token: phone })).status).toBe(401);
    expect((await t.api(contract.auth.info, { token: laptop })).status).toBe(200);
  });

  it("keeps a device whose headers carry NUL or other control characters, without them", async () => {
    const person = await buildUser(t);
    const login = await t.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "user-agent": "Firefox/133.0\u0000\u0007evil", "x-forwarded-for": "203.0.113.9\u0000" },
      payload: { email: person.user.email, password: preHash(person.password) },
    });
    expect(login.statusCode).toBe(200);
    const list = await t.api(contract.privacy.listSessions, { token: login.json().token });
    const current = list.body.items.find((item) => item.current);
    expect(current?.place).toBe("203.0.113.9");
    expect(JSON.stringify(list.body)).not.toMatch(/\\u0000|\\u0007/);
  });

  it("does not sign out someone else's device (404)", async () => {
    const one = await buildUser(t);
    const other = await buildUser(t);
    const theirs = await t.api(contract.privacy.listSessions, { token: other.token });
    const id = theirs.body.items[0]?.id ?? "";
    expect((await t.api(contract.privacy.revokeSession, { params: { id }, token: one.token })).status).toBe(404);
    expect((await t.api(contract.auth.info, { token: other.token })).status).toBe(200);
  });
});
