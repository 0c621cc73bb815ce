import type { Project } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { buildCast, buildTeamProject, type Cast } from "./test-builders.ts";

/** Bad input answers 400 with the field that is wrong (SPEC §5), unknown ids 404. */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  project = await buildTeamProject(t, cast);
});
afterAll(async () => {
  await t.close();
});

const validBilling = {
  customerType: "COMPANY",
  customerFirstName: "Olivia",
  customerLastName: "Owner",
  customerCompanyName: "Owner & Co",
  customerAddress: "1 Main Street",
  customerPost: "Berlin",
  customerPostCode: "10115",
  country: "DE",
};

const updateData = (changes: Record<string, unknown>) =>
  t.call({
    method: "POST",
    url: "/v3/project/updateData",
    token: cast.owner.token,
    payload: { id: project.id, ...validBilling, ...changes },
  });

describe("POST /v3/project/updateData billing rules (SPEC §5)", () => {
  it.each([
    { rule: "first name required", changes: { customerFirstName: undefined }, field: "customerFirstName" },
    { rule: "first name min 2", changes: { customerFirstName: "O" }, field: "customerFirstName" },
    { rule: "last name required", changes: { customerLastName: "" }, field: "customerLastName" },
    { rule: "last name min 2", changes: { customerLastName: " X " }, field: "customerLastName" },
    { rule: "company name required for a company", changes: { customerCompanyName: "" }, field: "customerCompanyName" },
    { rule: "street address required", changes: { customerAddress: " " }, field: "customerAddress" },
    { rule: "city required", changes: { customerPost: "" }, field: "customerPost" },
    { rule: "post code required", changes: { customerPostCode: undefined }, field: "customerPostCode" },
    { rule: "country required", changes: { country: undefined }, field: "country" },
    { rule: "country from the list", changes: { country: "XX" }, field: "country" },
    { rule: "known customer type", changes: { customerType: "PERSON" }, field: "customerType" },
  ])("$rule", async ({ changes, field }) => {
    const res = await updateData(changes);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
    expect(res.body.message).toBe(res.body.fields[field]);
  });

  it("names the rule in the message", async () => {
    expect((await updateData({ customerFirstName: "O" })).body.message).toBe(
      "First name must be at least 2 characters",
    );
    expect((await updateData({ customerFirstName: "" })).body.message).toBe("First name is required");
    expect((await updateData({ customerCompanyName: "" })).body.message).toBe("Company full name is required");
    expect((await updateData({ country: "XX" })).body.message).toBe("Choose a country from the list");
  });

  it("does not ask an individual for a company name, and drops an old one", async () => {
    const res = await updateData({ customerType: "INDIVIDUAL", customerCompanyName: "Stale Ltd" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ customerType: "INDIVIDUAL", customerCompanyName: null, customerCountry: "DE" });
    const company = await updateData({});
    expect(company.body).toMatchObject({ customerType: "COMPANY", customerCompanyName: "Owner & Co" });
  });

  it("answers 404 for an unknown project and 400 for an id that is not one", async () => {
    expect((await updateData({ id: crypto.randomUUID() })).status).toBe(404);
    const bad = await updateData({ id: "42" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ id: "Must be a valid id" });
  });
});

describe("POST /v3/project/inviteUserToProject input", () => {
  const invite = (payload: Record<string, unknown>) =>
    t.call({
      method: "POST",
      url: "/v3/project/inviteUserToProject",
      token: cast.owner.token,
      payload: { projectId: project.id, role: "viewer", email: "someone@example.test", ...payload },
    });

  it("refuses a bad e-mail", async () => {
    const res = await invite({ email: "not-an-email" });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ email: "Must be a valid e-mail" });
    expect((await invite({ email: "" })).body.fields).toEqual({ email: "E-mail is required" });
  });

  it("refuses an unknown role, the owner role included", async () => {
    for (const role of ["superuser", "owner", "admin"]) {
      const res = await invite({ role });
      expect(res.status, role).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(["role"]);
    }
  });

  it("answers 404 for an unknown project", async () => {
    expect((await invite({ projectId: crypto.randomUUID() })).status).toBe(404);
  });
});

describe("other calls", () => {
  it("create: a project name is required, and new-customer details when the customer is new", async () => {
    const noName = await t.call({
      method: "POST",
      url: "/v3/project/create",
      token: cast.owner.token,
      payload: { name: "  " },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.fields).toEqual({ name: "Project name is required" });

    const newCustomer = await t.call({
      method: "POST",
      url: "/v3/project/create",
      token: cast.projectManager.token,
      payload: { name: "Logo", isExistingCustomer: false, customerEmail: "fresh@example.test" },
    });
    expect(newCustomer.status).toBe(400);
    expect(Object.keys(newCustomer.body.fields).sort()).toEqual([
      "customerFirstName",
      "customerLastName",
      "customerPassword",
    ]);

    const plainPassword = await t.call({
      method: "POST",
      url: "/v3/project/create",
      token: cast.projectManager.token,
      payload: {
        name: "Logo",
        isExistingCustomer: false,
        customerEmail: "fresh@example.test",
        customerFirstName: "Fresh",
        customerLastName: "Face",
        customerPassword: "hunter2",
      },
    });
    expect(plainPassword.status).toBe(400);
    expect(plainPassword.body.fields).toEqual({ customerPassword: "Password must be sent as its SHA-256 hex digest" });
  });

  it("changeState: only inProgress or archived", async () => {
    const res = await t.call({
      method: "POST",
      url: "/v3/project/changeState",
      token: cast.owner.token,
      payload: { id: project.id, state: "done" },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ state: "State must be inProgress or archived" });
  });

  it("adminUpdate: http(s) links and known plans only", async () => {
    const update = (changes: Record<string, unknown>) =>
      t.call({
        method: "POST",
        url: "/v3/project/adminUpdate",
        token: cast.admin.token,
        payload: { id: project.id, ...changes },
      });
    const script = await update({ dropboxShareLinkToFolder: "javascript:alert(1)" });
    expect(script.status).toBe(400);
    expect(Object.keys(script.body.fields)).toEqual(["dropboxShareLinkToFolder"]);
    expect((await update({ customerPaymentPlan: "GOLD" })).body.fields).toEqual({
      customerPaymentPlan: "Unknown plan",
    });
    expect((await update({ name: "" })).body.fields).toEqual({ name: "Project name is required" });
  });

  it("notes: at most 10 000 characters", async () => {
    const res = await t.call({
      method: "POST",
      url: "/v3/project/updateClientCharacterNotes/",
      token: cast.admin.token,
      payload: { projectId: project.id, clientCharacterNotes: "x".repeat(10_001) },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(["clientCharacterNotes"]);
  });

  it("remove member: 404 for someone not on the team; 400 for a malformed id", async () => {
    const notMember = await t.call({
      method: "DELETE",
      url: `/v3/project/${project.id}/user/${cast.otherCustomer.user.id}`,
      token: cast.admin.token,
    });
    expect(notMember.status).toBe(404);
    const malformed = await t.call({
      method: "DELETE",
      url: `/v3/project/${project.id}/user/someone`,
      token: cast.admin.token,
    });
    expect(malformed.status).toBe(400);
  });

  it("list: unknown state or sort", async () => {
    const state = await t.call({ method: "GET", url: "/v3/project/list?projectState=open", token: cast.owner.token });
    expect(state.status).toBe(400);
    expect(Object.keys(state.body.fields)).toEqual(["projectState"]);
    const sort = await t.call({ method: "GET", url: "/v3/project/list?sort=random", token: cast.owner.token });
    expect(sort.status).toBe(400);
  });

  it("onboard: billing rules apply and the e-mail must be valid", async () => {
    const res = await t.call({
      method: "POST",
      url: "/auth/onboard",
      payload: {
        name: "A",
        surname: "Person",
        email: "bad",
        password: preHash("secret-1"),
        projectName: "First",
        customerType: "COMPANY",
        customerAddress: "1 Road",
        customerPost: "Paris",
        customerPostCode: "75001",
        country: "FR",
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["customerCompanyName", "email", "name"]);
  });

  it("invite lookup needs a key", async () => {
    const res = await t.call({ method: "GET", url: "/auth/projectInviteKey" });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ inviteKey: "Invite key is required" });
  });
});
