import { contract, type Project } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeamWorld, type Cast } from "../../../test/builders.ts";
import { preHash, type TestApp } from "../../../test/test-app.ts";

/** Bad input answers 400 with the field that is wrong (SPEC §5), unknown ids 404. */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

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
  t.raw(contract.projects.updateData, {
    token: cast.owner.token,
    body: { id: project.id, ...validBilling, ...changes },
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
    expect(Object.keys(res.error.fields ?? {})).toEqual([field]);
    expect(res.error.message).toBe(res.error.fields?.[field]);
  });

  it("names the rule in the message", async () => {
    expect((await updateData({ customerFirstName: "O" })).error.message).toBe(
      "First name must be at least 2 characters",
    );
    expect((await updateData({ customerFirstName: "" })).error.message).toBe("First name is required");
    expect((await updateData({ customerCompanyName: "" })).error.message).toBe("Company full name is required");
    expect((await updateData({ country: "XX" })).error.message).toBe("Choose a country from the list");
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
    expect(bad.error.fields).toEqual({ id: "Must be a valid id" });
  });
});

describe("POST /v3/project/inviteUserToProject input", () => {
  const invite = (payload: Record<string, unknown>) =>
    t.raw(contract.projects.invite, {
      token: cast.owner.token,
      body: { projectId: project.id, role: "viewer", email: "someone@example.test", ...payload },
    });

  it("refuses a bad e-mail", async () => {
    const res = await invite({ email: "not-an-email" });
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({ email: "Must be a valid e-mail" });
    expect((await invite({ email: "" })).error.fields).toEqual({ email: "E-mail is required" });
  });

  it("refuses an unknown role, the owner role included", async () => {
    for (const role of ["superuser", "owner", "admin"]) {
      const res = await invite({ role });
      expect(res.status, role).toBe(400);
      expect(Object.keys(res.error.fields ?? {})).toEqual(["role"]);
    }
  });

  it("answers 404 for an unknown project", async () => {
    expect((await invite({ projectId: crypto.randomUUID() })).status).toBe(404);
  });
});

describe("other calls", () => {
  it("create: a project name is required, and new-customer details when the customer is new", async () => {
    const noName = await t.api(contract.projects.create, { token: cast.owner.token, body: { name: "  " } });
    expect(noName.status).toBe(400);
    expect(noName.error.fields).toEqual({ name: "Project name is required" });

    const newCustomer = await t.api(contract.projects.create, {
      token: cast.projectManager.token,
      body: { name: "Logo", isExistingCustomer: false, customerEmail: "fresh@example.test" },
    });
    expect(newCustomer.status).toBe(400);
    expect(Object.keys(newCustomer.error.fields ?? {}).sort()).toEqual([
      "customerFirstName",
      "customerLastName",
      "customerPassword",
    ]);

    const plainPassword = await t.api(contract.projects.create, {
      token: cast.projectManager.token,
      body: {
        name: "Logo",
        isExistingCustomer: false,
        customerEmail: "fresh@example.test",
        customerFirstName: "Fresh",
        customerLastName: "Face",
        customerPassword: "hunter2",
      },
    });
    expect(plainPassword.status).toBe(400);
    expect(plainPassword.error.fields).toEqual({ customerPassword: "Password must be sent as its SHA-256 hex digest" });
  });

  it("changeState: only inProgress or archived", async () => {
    const res = await t.raw(contract.projects.changeState, {
      token: cast.owner.token,
      body: { id: project.id, state: "done" },
    });
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({ state: "State must be inProgress or archived" });
  });

  it("adminUpdate: http(s) links and known plans only", async () => {
    const update = (changes: Record<string, unknown>) =>
      t.raw(contract.projects.adminUpdate, { token: cast.admin.token, body: { id: project.id, ...changes } });
    const script = await update({ dropboxShareLinkToFolder: "javascript:alert(1)" });
    expect(script.status).toBe(400);
    expect(Object.keys(script.error.fields ?? {})).toEqual(["dropboxShareLinkToFolder"]);
    expect((await update({ customerPaymentPlan: "GOLD" })).error.fields).toEqual({
      customerPaymentPlan: "Unknown plan",
    });
    expect((await update({ name: "" })).error.fields).toEqual({ name: "Project name is required" });
  });

  it("notes: at most 10 000 characters", async () => {
    const res = await t.api(contract.projects.updateClientCharacterNotes, {
      token: cast.admin.token,
      body: { projectId: project.id, clientCharacterNotes: "x".repeat(10_001) },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error.fields ?? {})).toEqual(["clientCharacterNotes"]);
  });

  it("remove member: 404 for someone not on the team; 400 for a malformed id", async () => {
    const notMember = await t.api(contract.projects.removeMember, {
      params: { id: project.id, userId: cast.otherCustomer.user.id },
      token: cast.admin.token,
    });
    expect(notMember.status).toBe(404);
    const malformed = await t.api(contract.projects.removeMember, {
      params: { id: project.id, userId: "someone" },
      token: cast.admin.token,
    });
    expect(malformed.status).toBe(400);
  });

  it("list: unknown state or sort", async () => {
    const state = await t.raw(contract.projects.list, { query: { projectState: "open" }, token: cast.owner.token });
    expect(state.status).toBe(400);
    expect(Object.keys(state.error.fields ?? {})).toEqual(["projectState"]);
    const sort = await t.raw(contract.projects.list, { query: { sort: "random" }, token: cast.owner.token });
    expect(sort.status).toBe(400);
  });

  it("onboard: billing rules apply and the e-mail must be valid", async () => {
    const res = await t.api(contract.projects.onboard, {
      body: {
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
    expect(Object.keys(res.error.fields ?? {}).sort()).toEqual(["customerCompanyName", "email", "name"]);
  });

  it("invite lookup needs a key", async () => {
    const res = await t.raw(contract.projects.inviteInfo, {});
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({ inviteKey: "Invite key is required" });
  });
});
