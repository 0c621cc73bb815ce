import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("POST /auth/login", () => {
  it("answers a token and the user without any password", async () => {
    const { user, password } = await t.buildUser({ role: "designer" });
    const res = await t.call({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: preHash(password) },
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.user).toMatchObject({ id: user.id, email: user.email, role: "designer", dailyAvailability: 8 });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2/);

    const info = await t.call({ method: "GET", url: "/auth/info", token: res.body.token });
    expect(info.status).toBe(200);
    expect(info.body.id).toBe(user.id);
  });

  it("gives one message for a wrong password and for an unknown e-mail", async () => {
    const { user } = await t.buildUser();
    const wrongPassword = await t.call({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: preHash("nope") },
    });
    const unknownEmail = await t.call({
      method: "POST",
      url: "/auth/login",
      payload: { email: "nobody@example.test", password: preHash("nope") },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body.message).toBe(unknownEmail.body.message);
  });

  it("refuses bad input with the field that is wrong", async () => {
    const res = await t.call({
      method: "POST",
      url: "/auth/login",
      payload: { email: "not-an-email", password: "plain" },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      email: "Must be a valid e-mail",
      password: "Password must be sent as its SHA-256 hex digest",
    });
  });
});

describe("GET /auth/logout", () => {
  it("revokes the token", async () => {
    const { token } = await t.buildUser();
    expect((await t.call({ method: "GET", url: "/auth/logout", token })).status).toBe(200);
    const after = await t.call({ method: "GET", url: "/auth/info", token });
    expect(after.status).toBe(401);
  });

  it("answers 401 without a token", async () => {
    expect((await t.call({ method: "GET", url: "/auth/logout" })).status).toBe(401);
  });
});
