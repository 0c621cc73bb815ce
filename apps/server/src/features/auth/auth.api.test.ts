import { contract, type RegisterInput } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, signedIn } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  // Every register call below counts against one client's limit; rate limits have their own file.
  t = await createTestApp({ RATE_LIMIT_REGISTER: "1000", RATE_LIMIT_LOGIN: "1000" });
});
afterAll(async () => {
  await t.close();
});

describe("POST /auth/login", () => {
  it("answers 400 with the API error shape for a body that is not JSON", async () => {
    const res = await t.raw(contract.auth.login, {
      body: '{"email": "a@example.test", "password": ',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.error.code).toBe("BAD_INPUT");
  });

  it("answers a token and the user without any password", async () => {
    const { user, password } = await buildUser(t, { role: "designer" });
    const res = await t.api(contract.auth.login, { body: { email: user.email, password: preHash(password) } });
    expect(res.status).toBe(200);
    const session = signedIn(res.body);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.user).toMatchObject({ id: user.id, email: user.email, role: "designer", dailyAvailability: 8 });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2/);

    const info = await t.api(contract.auth.info, { token: session.token });
    expect(info.status).toBe(200);
    expect(info.body.id).toBe(user.id);
  });

  it("gives one message for a wrong password and for an unknown e-mail", async () => {
    const { user } = await buildUser(t);
    const wrongPassword = await t.api(contract.auth.login, { body: { email: user.email, password: preHash("nope") } });
    const unknownEmail = await t.api(contract.auth.login, {
      body: { email: "nobody@example.test", password: preHash("nope") },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.error.message).toBe(unknownEmail.error.message);
  });

  it("refuses bad input with the field that is wrong", async () => {
    const res = await t.api(contract.auth.login, { body: { email: "not-an-email", password: "plain" } });
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({
      email: "Must be a valid e-mail",
      password: "Password must be sent as its SHA-256 hex digest",
    });
  });
});

describe("GET /auth/logout", () => {
  it("revokes the token", async () => {
    const { token } = await buildUser(t);
    expect((await t.api(contract.auth.logout, { token })).status).toBe(200);
    const after = await t.api(contract.auth.info, { token });
    expect(after.status).toBe(401);
  });

  it("answers 401 without a token", async () => {
    expect((await t.api(contract.auth.logout)).status).toBe(401);
  });
});

describe("GET /auth/info", () => {
  it("answers the signed-in user with money in dollars", async () => {
    const { user, token } = await buildUser(t, { role: "designer", hourRateCents: 4550 });
    const res = await t.api(contract.auth.info, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      name: user.name,
      surname: user.surname,
      email: user.email,
      role: "designer",
      avatarKey: null,
      hourRate: 45.5,
      dailyAvailability: 8,
      taskSortType: "created",
      debtMoney: 0,
      createdAt: user.createdAt.getTime(),
    });
  });

  it("answers 401 without a token, with an unknown token and with a revoked one", async () => {
    expect((await t.api(contract.auth.info)).status).toBe(401);
    const unknown = await t.api(contract.auth.info, { token: "x".repeat(43) });
    expect(unknown.status).toBe(401);
    expect(unknown.error).toEqual({ message: "Please log in", code: "UNAUTHENTICATED" });
    const { token } = await buildUser(t);
    await t.api(contract.auth.logout, { token });
    expect((await t.api(contract.auth.info, { token })).status).toBe(401);
  });
});

describe("POST /auth/register", () => {
  const signup = (overrides: Partial<RegisterInput> = {}): RegisterInput => ({
    name: "Casey",
    surname: "Client",
    email: `casey-${Math.random().toString(36).slice(2)}@example.test`,
    password: preHash("correct horse"),
    ...overrides,
  });

  it("creates a customer, signs them in, and the password works for login", async () => {
    const payload = signup({ email: "  New.Customer@Example.TEST " });
    const res = await t.api(contract.auth.register, { body: payload });
    expect(res.status).toBe(200);
    const session = signedIn(res.body);
    expect(session.user).toMatchObject({
      name: "Casey",
      surname: "Client",
      email: "new.customer@example.test",
      role: "customer",
      dailyAvailability: 0,
    });
    const info = await t.api(contract.auth.info, { token: session.token });
    expect(info.body.id).toBe(session.user.id);
    const login = await t.api(contract.auth.login, {
      body: { email: "new.customer@example.test", password: preHash("correct horse") },
    });
    expect(login.status).toBe(200);
  });

  it("lets one of two simultaneous sign-ups for one e-mail win and answers the other 409", async () => {
    const payload = signup();
    const results = await Promise.all([
      t.api(contract.auth.register, { body: payload }),
      t.api(contract.auth.register, { body: payload }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    const loser = results.find((res) => res.status === 409);
    expect(loser?.error.fields).toEqual({ email: "A user with this e-mail already exists" });
  });

  it("answers 409 with fields.email for an e-mail already in use, whatever its case", async () => {
    const { user } = await buildUser(t, { role: "designer" });
    const res = await t.api(contract.auth.register, { body: signup({ email: user.email.toUpperCase() }) });
    expect(res.status).toBe(409);
    expect(res.error).toEqual({
      message: "A user with this e-mail already exists",
      code: "CONFLICT",
      fields: { email: "A user with this e-mail already exists" },
    });
  });

  it.each([
    ["name", { name: undefined }, "Name is required"],
    ["name", { name: "   " }, "Name is required"],
    ["name", { name: "n".repeat(81) }, "Name must be at most 80 characters"],
    ["surname", { surname: undefined }, "Surname is required"],
    ["surname", { surname: 42 }, "Surname is required"],
    ["email", { email: undefined }, "E-mail is required"],
    ["email", { email: "casey@" }, "Must be a valid e-mail"],
    ["email", { email: `${"a".repeat(250)}@example.test` }, "E-mail must be at most 254 characters"],
    ["password", { password: "plain text" }, "Password must be sent as its SHA-256 hex digest"],
    ["password", { password: undefined }, "Password is required"],
  ])("answers 400 on %s (%j)", async (field, overrides, message) => {
    const res = await t.raw(contract.auth.register, { body: { ...signup(), ...overrides } });
    expect(res.status).toBe(400);
    expect(res.error.code).toBe("BAD_INPUT");
    expect(res.error.fields?.[field]).toBe(message);
  });
});
