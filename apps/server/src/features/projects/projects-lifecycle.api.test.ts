import { contract, type Project, type ProjectState } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCast, buildTeamProject, buildUser, type Cast, signedIn } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { projects } from "../../db/schema/index.ts";
import { seedDemoProjects } from "./index.ts";

/** The happy paths of every project call, and the business rules that answer 409/412. */

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
});
afterAll(async () => {
  await t.close();
});

const get = async (id: string, token: string): Promise<Project> => {
  const res = await t.api(contract.projects.get, { params: { id }, token });
  expect(res.status).toBe(200);
  return res.body;
};

describe("creating projects", () => {
  it("a customer creates for themselves, whatever e-mail they send", async () => {
    const res = await t.api(contract.projects.create, {
      token: cast.owner.token,
      body: { name: "My shop", customerEmail: cast.otherCustomer.user.email, customerCompanyName: "Shop Ltd" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "My shop",
      state: "inProgress",
      ownerId: cast.owner.user.id,
      customerEmail: cast.owner.user.email,
      customerFirstName: "Olivia",
      customerLastName: "Owner",
      customerCompanyName: "Shop Ltd",
      customerType: "COMPANY",
      taskCount: 0,
      countArchivedTasks: 0,
      customerPaymentPlan: "none",
      customerPaymentPlanCurrentPeriodEnd: null,
      activeStripeSubscription: false,
      dropboxShareLinkToFolder: null,
      clientCharacterNotes: null,
    });
    expect(res.body.projectUsersFeData).toEqual([
      expect.objectContaining({ id: cast.owner.user.id, userProjectRole: "owner", email: cast.owner.user.email }),
    ]);
    expect(res.body.abilities).toMatchObject({ canArchive: true, canDelete: true, canEdit: false });
  });

  it("staff create for an existing customer without joining the team", async () => {
    const res = await t.api(contract.projects.create, {
      token: cast.projectManager.token,
      body: { name: "For Cleo", isExistingCustomer: true, customerEmail: cast.otherCustomer.user.email },
    });
    expect(res.status).toBe(200);
    expect(res.body.ownerId).toBe(cast.otherCustomer.user.id);
    expect(res.body.projectUsersFeData.map((m: { id: string }) => m.id)).toEqual([cast.otherCustomer.user.id]);
    expect((await get(res.body.id, cast.otherCustomer.token)).name).toBe("For Cleo");
  });

  it("refuses an existing-customer pick that is not a customer (412 on the e-mail field)", async () => {
    for (const email of ["nobody@example.test", cast.designerOnTeam.user.email]) {
      const res = await t.api(contract.projects.create, {
        token: cast.projectManager.token,
        body: { name: "Nope", isExistingCustomer: true, customerEmail: email },
      });
      expect(res.status).toBe(412);
      expect(res.error.fields).toEqual({ customerEmail: "No customer account with this e-mail" });
    }
  });

  it("staff create a new customer with the pre-hashed password they entered", async () => {
    const payload = {
      name: "Fresh brand",
      isExistingCustomer: false,
      customerEmail: "Fresh.Customer@Example.test",
      customerFirstName: "Fiona",
      customerLastName: "Fresh",
      customerCompanyName: "Fresh GmbH",
      customerPassword: preHash("fresh-pass-1"),
    };
    const res = await t.api(contract.projects.create, { token: cast.admin.token, body: payload });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ customerEmail: "fresh.customer@example.test", customerFirstName: "Fiona" });
    const login = await t.api(contract.auth.login, {
      body: { email: "fresh.customer@example.test", password: preHash("fresh-pass-1") },
    });
    expect(login.status).toBe(200);
    expect(signedIn(login.body).user.role).toBe("customer");

    const again = await t.api(contract.projects.create, { token: cast.admin.token, body: payload });
    expect(again.status).toBe(409);
    expect(again.error.fields).toEqual({ customerEmail: "A user with this e-mail already exists" });
  });

  it("adminCreate sets the Dropbox link and plan; the period end is in seconds", async () => {
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const res = await t.api(contract.projects.adminCreate, {
      token: cast.admin.token,
      body: {
        name: "Planned",
        customerEmail: cast.owner.user.email,
        dropboxShareLinkToFolder: "https://www.dropbox.com/sh/abc",
        customerPaymentPlan: "PREMIUM_YEARLY",
        customerPaymentPlanCurrentPeriodEnd: periodEnd,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dropboxShareLinkToFolder: "https://www.dropbox.com/sh/abc",
      customerPaymentPlan: "PREMIUM_YEARLY",
      customerPaymentPlanCurrentPeriodEnd: periodEnd,
    });
  });
  it("adminCreate refuses a plan period end in the past, as the manual plan call does", async () => {
    const res = await t.api(contract.projects.adminCreate, {
      token: cast.admin.token,
      body: {
        name: "Backdated",
        customerEmail: cast.owner.user.email,
        customerPaymentPlan: "DIAMOND_YEARLY",
        customerPaymentPlanCurrentPeriodEnd: Math.floor(Date.now() / 1000) - 86_400,
      },
    });
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({ customerPaymentPlanCurrentPeriodEnd: "The period end must be in the future" });
  });
});

describe("changing projects", () => {
  it("adminUpdate edits name, link and plan, and leaves out what is not sent", async () => {
    const project = await buildTeamProject(t, cast);
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
    const res = await t.api(contract.projects.adminUpdate, {
      token: cast.admin.token,
      body: {
        id: project.id,
        name: "Renamed",
        customerPaymentPlan: "PRO_MONTHLY",
        customerPaymentPlanCurrentPeriodEnd: periodEnd,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Renamed",
      customerPaymentPlan: "PRO_MONTHLY",
      customerPaymentPlanCurrentPeriodEnd: periodEnd,
    });
    const cleared = await t.api(contract.projects.adminUpdate, {
      token: cast.projectManager.token,
      body: { id: project.id, dropboxShareLinkToFolder: "" },
    });
    expect(cleared.body).toMatchObject({
      name: "Renamed",
      dropboxShareLinkToFolder: null,
      customerPaymentPlan: "PRO_MONTHLY",
    });
  });

  it("adminUpdate sets plan fields only as the manual plan call does: admin only, period end ahead", async () => {
    const project = await buildTeamProject(t, cast);
    const ahead = Math.floor(Date.now() / 1000) + 365 * 86_400;
    const past = Math.floor(Date.now() / 1000) - 86_400;
    const adminUpdate = (token: string, body: Record<string, unknown>) =>
      t.raw(contract.projects.adminUpdate, { token, body: { id: project.id, ...body } });
    const manual = (token: string, body: Record<string, unknown>) =>
      t.raw(contract.billing.manualSetup, { token, params: { id: project.id }, body });

    // A project manager: 403 in both places, and nothing changes (not even the name sent with it).
    const plan = { customerPaymentPlan: "DIAMOND_YEARLY", customerPaymentPlanCurrentPeriodEnd: ahead };
    expect((await adminUpdate(cast.projectManager.token, { ...plan, name: "Sneaky" })).status).toBe(403);
    expect(
      (await manual(cast.projectManager.token, { paymentPlan: "DIAMOND_YEARLY", paymentPlanCurrentPeriodEnd: ahead }))
        .status,
    ).toBe(403);
    expect(await get(project.id, cast.admin.token)).toMatchObject({ customerPaymentPlan: "none", name: project.name });

    // A period end in the past: 400 in both places, on each call's own field.
    const pastUpdate = await adminUpdate(cast.admin.token, { ...plan, customerPaymentPlanCurrentPeriodEnd: past });
    expect(pastUpdate.status).toBe(400);
    expect(pastUpdate.error.fields).toEqual({
      customerPaymentPlanCurrentPeriodEnd: "The period end must be in the future",
    });
    const pastManual = await manual(cast.admin.token, {
      paymentPlan: "DIAMOND_YEARLY",
      paymentPlanCurrentPeriodEnd: past,
    });
    expect(pastManual.status).toBe(400);
    expect(pastManual.error.fields).toEqual({ paymentPlanCurrentPeriodEnd: "The period end must be in the future" });
    // No period end for a paid plan, a period end without a plan, a plan the manual call does not set.
    expect((await adminUpdate(cast.admin.token, { customerPaymentPlan: "DIAMOND_YEARLY" })).error.fields).toEqual({
      customerPaymentPlanCurrentPeriodEnd: "Choose when the period ends",
    });
    expect((await adminUpdate(cast.admin.token, { customerPaymentPlanCurrentPeriodEnd: ahead })).status).toBe(400);
    expect((await adminUpdate(cast.admin.token, { customerPaymentPlan: "PAY_AS_YOU_GO" })).error.fields).toEqual({
      customerPaymentPlan: "Unknown plan",
    });
    expect((await get(project.id, cast.admin.token)).customerPaymentPlan).toBe("none");

    // The admin sets it, as with the manual call.
    expect((await adminUpdate(cast.admin.token, plan)).status).toBe(200);
    expect(await get(project.id, cast.admin.token)).toMatchObject({
      customerPaymentPlan: "DIAMOND_YEARLY",
      customerPaymentPlanCurrentPeriodEnd: ahead,
    });
  });

  it("the plan cannot be changed by hand while a Stripe subscription is active (412)", async () => {
    const project = await buildTeamProject(t, cast);
    await t.ctx.db.update(projects).set({ activeStripeSubscription: true }).where(eq(projects.id, project.id));
    expect((await get(project.id, cast.admin.token)).abilities.canEditPlan).toBe(false);
    const res = await t.api(contract.projects.adminUpdate, {
      token: cast.admin.token,
      body: {
        id: project.id,
        customerPaymentPlan: "PRO_MONTHLY",
        customerPaymentPlanCurrentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400,
      },
    });
    expect(res.status).toBe(412);
    const rename = await t.api(contract.projects.adminUpdate, {
      token: cast.admin.token,
      body: { id: project.id, name: "Still renamable" },
    });
    expect(rename.status).toBe(200);
  });

  it("the owner hands the project to an editor and becomes an editor", async () => {
    const project = await buildTeamProject(t, cast);
    const res = await t.api(contract.projects.updateData, {
      token: cast.owner.token,
      body: {
        id: project.id,
        ownerId: cast.editor.user.id,
        customerType: "INDIVIDUAL",
        customerFirstName: "Eddie",
        customerLastName: "Editor",
        customerAddress: "2 Side Road",
        customerPost: "Porto",
        customerPostCode: "4000",
        country: "PT",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.ownerId).toBe(cast.editor.user.id);
    // The former owner now sees the project as an editor: no billing details, no billing rights.
    expect(res.body.abilities).toMatchObject({ canEditBilling: false, canArchive: false });
    const roles = Object.fromEntries(
      res.body.projectUsersFeData.map((m: { id: string; userProjectRole: string }) => [m.id, m.userProjectRole]),
    );
    expect(roles[cast.editor.user.id]).toBe("owner");
    expect(roles[cast.owner.user.id]).toBe("editor");
    const asNewOwner = await get(project.id, cast.editor.token);
    expect(asNewOwner).toMatchObject({
      customerPost: "Porto",
      customerCountry: "PT",
      customerEmail: cast.editor.user.email,
    });
  });

  it("the owner renames the project and hands it over without billing details (issue 29 point 13)", async () => {
    const project = await buildTeamProject(t, cast);
    const rename = await t.api(contract.projects.updateData, {
      token: cast.owner.token,
      body: { id: project.id, name: "  Renamed by the owner  " },
    });
    expect(rename.status).toBe(200);
    expect(rename.body).toMatchObject({ name: "Renamed by the owner", abilities: { canRename: true } });
    // Billing details stay as they were: none were sent.
    expect(rename.body.customerAddress).toBe(project.customerAddress);
    // Part of the billing details is no billing details: the rest is asked for.
    const partial = await t.raw(contract.projects.updateData, {
      token: cast.owner.token,
      body: { id: project.id, customerPost: "Porto" },
    });
    expect(partial.status).toBe(400);
    expect(partial.error.fields).toMatchObject({ customerAddress: "Street address is required" });
    // Editors and viewers neither rename nor bill.
    const byEditor = await t.api(contract.projects.updateData, {
      token: cast.editor.token,
      body: { id: project.id, name: "Editor's name" },
    });
    expect(byEditor.status).toBe(403);
    expect((await get(project.id, cast.editor.token)).abilities.canRename).toBe(false);
    const handOver = await t.api(contract.projects.updateData, {
      token: cast.owner.token,
      body: { id: project.id, ownerId: cast.editor.user.id },
    });
    expect(handOver.status).toBe(200);
    expect(handOver.body.ownerId).toBe(cast.editor.user.id);
  });

  it("the new owner must be an active customer on the project (412)", async () => {
    const project = await buildTeamProject(t, cast);
    const billing = {
      customerType: "INDIVIDUAL" as const,
      customerFirstName: "Olivia",
      customerLastName: "Owner",
      customerAddress: "1 Main Street",
      customerPost: "Berlin",
      customerPostCode: "10115",
      country: "DE",
    };
    for (const candidate of [cast.designerOnTeam, cast.otherCustomer]) {
      const res = await t.api(contract.projects.updateData, {
        token: cast.admin.token,
        body: { id: project.id, ownerId: candidate.user.id, ...billing },
      });
      expect(res.status).toBe(412);
      expect(res.error.message).toBe("The new owner must be an active customer on this project");
    }
    expect((await get(project.id, cast.admin.token)).ownerId).toBe(cast.owner.user.id);
  });

  it("staff write client character notes", async () => {
    const project = await buildTeamProject(t, cast);
    const res = await t.api(contract.projects.updateClientCharacterNotes, {
      token: cast.projectManager.token,
      body: { projectId: project.id, clientCharacterNotes: "Decides fast, dislikes pastel." },
    });
    expect(res.status).toBe(200);
    expect(res.body.clientCharacterNotes).toBe("Decides fast, dislikes pastel.");
    expect((await get(project.id, cast.designerOnTeam.token)).clientCharacterNotes).toBe(
      "Decides fast, dislikes pastel.",
    );
    // The API description names the call without SPEC's trailing slash; both spellings answer
    // (docs/decisions/027-openapi-document.md).
    const noSlash = await t.raw({
      method: "POST",
      url: "/v3/project/updateClientCharacterNotes",
      token: cast.projectManager.token,
      payload: { projectId: project.id, clientCharacterNotes: "Also without the slash." },
    });
    expect(noSlash.status).toBe(200);
    expect((await get(project.id, cast.designerOnTeam.token)).clientCharacterNotes).toBe("Also without the slash.");
  });

  it("archiving twice changes nothing; restoring brings it back", async () => {
    const project = await buildTeamProject(t, cast);
    const change = (state: ProjectState) =>
      t.api(contract.projects.changeState, { token: cast.owner.token, body: { id: project.id, state } });
    expect((await change("archived")).body.state).toBe("archived");
    expect((await change("archived")).body.state).toBe("archived");
    expect((await change("inProgress")).body.state).toBe("inProgress");
  });

  it("deleting takes the project out of every list", async () => {
    const project = await buildTeamProject(t, cast, { name: "AAA to delete" });
    const res = await t.api(contract.projects.remove, { params: { id: project.id }, token: cast.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const list = await t.api(contract.projects.listNames, { token: cast.admin.token });
    expect(list.body.items.map((item: { id: string }) => item.id)).not.toContain(project.id);
    const again = await t.api(contract.projects.remove, { params: { id: project.id }, token: cast.admin.token });
    expect(again.status).toBe(404);
  });
});

describe("removing members", () => {
  it("an owner removes a viewer, who then loses the project", async () => {
    const project = await buildTeamProject(t, cast);
    const res = await t.api(contract.projects.removeMember, {
      params: { id: project.id, userId: cast.viewer.user.id },
      token: cast.owner.token,
    });
    expect(res.status).toBe(200);
    const team = (await get(project.id, cast.owner.token)).projectUsersFeData;
    expect(team.find((member) => member.id === cast.viewer.user.id)?.userActiveOnProject).toBe(false);
    const asViewer = await t.api(contract.projects.get, { params: { id: project.id }, token: cast.viewer.token });
    expect(asViewer.status).toBe(404);
    const twice = await t.api(contract.projects.removeMember, {
      params: { id: project.id, userId: cast.viewer.user.id },
      token: cast.owner.token,
    });
    expect(twice.status).toBe(404);
  });

  it("the owner cannot be removed while they own it (412), even by admin", async () => {
    const project = await buildTeamProject(t, cast);
    const res = await t.api(contract.projects.removeMember, {
      params: { id: project.id, userId: cast.owner.user.id },
      token: cast.admin.token,
    });
    expect(res.status).toBe(412);
    expect(res.error.message).toBe("The owner cannot be removed; make another customer the owner first");
  });
});

describe("onboarding", () => {
  const payload = {
    name: "Olga",
    surname: "Onboard",
    email: "olga@example.test",
    password: preHash("olga-pass-1"),
    projectName: "Launch site",
    customerType: "COMPANY" as const,
    customerCompanyName: "Olga Studio",
    customerAddress: "5 Quay",
    customerPost: "Dublin",
    customerPostCode: "D01",
    country: "IE",
  };

  it("creates the customer, billing details and first project in one call and signs in", async () => {
    const res = await t.api(contract.projects.onboard, { body: payload });
    expect(res.status).toBe(200);
    const session = signedIn(res.body);
    expect(session.user).toMatchObject({ email: "olga@example.test", role: "customer", name: "Olga" });
    const project = await get(session.projectId, session.token);
    expect(project).toMatchObject({
      name: "Launch site",
      ownerId: session.user.id,
      customerFirstName: "Olga",
      customerLastName: "Onboard",
      customerCompanyName: "Olga Studio",
      customerAddress: "5 Quay",
      customerPost: "Dublin",
      customerPostCode: "D01",
      customerCountry: "IE",
    });
  });

  it("refuses a taken e-mail and leaves nothing half made", async () => {
    const res = await t.api(contract.projects.onboard, { body: { ...payload, projectName: "Second" } });
    expect(res.status).toBe(409);
    expect(res.error.fields).toEqual({ email: "A user with this e-mail already exists" });
    const orphans = await t.ctx.db.select().from(projects).where(eq(projects.name, "Second"));
    expect(orphans).toHaveLength(0);
  });
});

describe("demo seed", () => {
  it("creates Brand refresh for the demo customer with the demo designer, once", async () => {
    const customer = await buildUser(t, { role: "customer", email: "customer@atelier.test" });
    const designer = await buildUser(t, { role: "designer", email: "designer@atelier.test" });
    const first = await seedDemoProjects(t.ctx.db);
    const second = await seedDemoProjects(t.ctx.db);
    expect(second).toEqual(first);
    const project = await get(first?.projectId ?? "", customer.token);
    expect(project.name).toBe("Brand refresh");
    expect(project.projectUsersFeData.map((member) => [member.id, member.userProjectRole])).toEqual([
      [customer.user.id, "owner"],
      [designer.user.id, "designer"],
    ]);
    expect((await get(project.id, designer.token)).clientCharacterNotes).toEqual(expect.any(String));
  });
});
