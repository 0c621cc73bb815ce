import { contract } from "@atelier/shared";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser, signedIn } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TWO_FACTOR_REQUIRED_FOR_STAFF: "1", RATE_LIMIT_LOGIN: "1000" });
});
afterAll(async () => {
  await t.close();
});

const ENROL_FIRST = "Two-factor sign-in is required for staff accounts. Turn it on in your settings to continue.";

async function passwordLogin(person: BuiltUser): Promise<string> {
  const res = await t.api(contract.auth.login, {
    body: { email: person.user.email, password: preHash(person.password) },
  });
  expect(res.status).toBe(200);
  return signedIn(res.body).token;
}

/** Calls staff make every day: reads, a write, an upload, the privacy calls beside enrolment. */
function everydayCalls(token: string) {
  return [
    t.api(contract.projects.list, { token }),
    t.api(contract.users.list, { token }),
    t.api(contract.privacy.listSessions, { token }),
    t.api(contract.privacy.startExport, { token }),
    t.api(contract.profile.update, { token, body: { name: "Changed" } }),
    t.upload(contract.files.upload, {
      token,
      query: { purpose: "attachment" },
      file: { content: Buffer.from("notes"), filename: "notes.txt" },
    }),
  ];
}

async function enrol(token: string): Promise<string> {
  const setup = await t.api(contract.twoFactor.setup, { token });
  expect(setup.status).toBe(200);
  const enable = await t.api(contract.twoFactor.enable, {
    token,
    body: { code: await generate({ secret: setup.body.secret }) },
  });
  expect(enable.status).toBe(200);
  return setup.body.secret;
}

describe("two-factor sign-in required for staff", () => {
  it("lets staff who have not enrolled sign in, and refuses every other call until they enrol", async () => {
    for (const role of ["projectManager", "admin"] as const) {
      const person = await buildUser(t, { role });
      const token = await passwordLogin(person);

      // What enrolment needs answers.
      const me = await t.api(contract.auth.info, { token });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(person.user.id);
      const status = await t.api(contract.twoFactor.status, { token });
      expect(status.body).toMatchObject({ required: true, enabled: false });

      // Everything else is refused with a code the web recognises, and changes nothing.
      for (const answer of await Promise.all(everydayCalls(token))) {
        expect(answer.status).toBe(403);
        expect(answer.error).toMatchObject({ code: "SECOND_FACTOR_REQUIRED", message: ENROL_FIRST });
      }
      expect((await t.api(contract.auth.info, { token })).body.name).toBe(person.user.name);

      // Once enrolled, the same session works.
      await enrol(token);
      for (const answer of await Promise.all(everydayCalls(token).slice(0, 3))) expect(answer.status).toBe(200);
    }
  });

  it("lets them log out before enrolling", async () => {
    const pm = await buildUser(t, { role: "projectManager" });
    const token = await passwordLogin(pm);
    expect((await t.api(contract.auth.logout, { token })).status).toBe(200);
    expect((await t.api(contract.auth.info, { token })).status).toBe(401);
  });

  it("leaves customers and designers alone, and answers 401 without a session", async () => {
    for (const role of ["customer", "designer"] as const) {
      const person = await buildUser(t, { role });
      expect((await t.api(contract.projects.list, { token: person.token })).status).toBe(200);
      expect((await t.api(contract.privacy.listSessions, { token: person.token })).status).toBe(200);
    }
    expect((await t.api(contract.projects.list)).status).toBe(401);
  });

  it("holds staff at enrolment again after an admin resets their two-factor sign-in", async () => {
    const admin = await buildUser(t, { role: "admin" });
    await enrol(admin.token);
    const pm = await buildUser(t, { role: "projectManager" });
    await enrol(pm.token);
    expect((await t.api(contract.projects.list, { token: pm.token })).status).toBe(200);

    const reset = await t.api(contract.twoFactor.adminReset, { params: { id: pm.user.id }, token: admin.token });
    expect(reset.status).toBe(200);
    const held = await t.api(contract.projects.list, { token: pm.token });
    expect(held.status).toBe(403);
    expect(held.error.code).toBe("SECOND_FACTOR_REQUIRED");
  });

  it("tells staff it is required and does not let them turn it off", async () => {
    const pm = await buildUser(t, { role: "projectManager" });
    const customer = await buildUser(t, { role: "customer" });
    const status = await t.api(contract.twoFactor.status, { token: pm.token });
    expect(status.body.required).toBe(true);
    expect((await t.api(contract.twoFactor.status, { token: customer.token })).body.required).toBe(false);
    const secret = await enrol(pm.token);
    const off = await t.api(contract.twoFactor.disable, {
      token: pm.token,
      body: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) },
    });
    expect(off.status).toBe(412);
    expect(off.error.message).toBe("Two-factor sign-in is required for staff accounts");
  });
});
