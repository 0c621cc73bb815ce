import { contract } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { DEMO_USERS, prepareEmptyDatabase } from "./index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("demo workspace", () => {
  it("fills an empty database with one user per role and a project, once", async () => {
    const notice = await prepareEmptyDatabase(t.ctx, null, { demo: true, demoPassword: "demo-password-1" });
    expect(notice).toEqual({
      kind: "demo",
      password: "demo-password-1",
      emails: DEMO_USERS.map((u) => u.email),
      made: [],
    });

    for (const { email, role } of DEMO_USERS) {
      const login = await t.api(contract.auth.login, { body: { email, password: preHash("demo-password-1") } });
      expect(login.status).toBe(200);
      expect(signedIn(login.body).user.role).toBe(role);
    }

    const customer = await t.api(contract.auth.login, {
      body: { email: "customer@atelier.test", password: preHash("demo-password-1") },
    });
    const projects = await t.api(contract.projects.list, { token: signedIn(customer.body).token });
    expect(projects.body.items.map((p: { name: string }) => p.name)).toEqual(["Brand refresh"]);

    expect(await prepareEmptyDatabase(t.ctx, null, { demo: true })).toEqual({ kind: "ready" });
  });

  it("prints a random password when none is given", async () => {
    const fresh = await createTestApp();
    try {
      const notice = await prepareEmptyDatabase(fresh.ctx, null, { demo: true });
      expect(notice.kind).toBe("demo");
      if (notice.kind === "demo") expect(notice.password).toMatch(/^[A-Za-z0-9_-]{12}$/);
    } finally {
      await fresh.close();
    }
  });
});
