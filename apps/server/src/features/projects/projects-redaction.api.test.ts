import { contract, type Project, type ProjectUser } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildCast,
  buildTeamProject,
  buildUser,
  type Cast,
  type CastMember,
} from "../../../test/builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

/**
 * SPEC §6 redaction, checked on the real answer: the same project fetched by each kind of
 * viewer shows exactly the surnames and e-mails that viewer may see.
 */

let t: TestApp;
let cast: Cast;
let teamManager: BuiltUser;
let project: Project;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  teamManager = await buildUser(t, { role: "projectManager", name: "Max", surname: "Mayer" });
  project = await buildTeamProject(t, cast, { extra: [{ person: teamManager, role: "projectManager" }] });
  const notes = await t.api(contract.projects.updateClientCharacterNotes, {
    token: cast.admin.token,
    body: { projectId: project.id, clientCharacterNotes: "Prefers calls in the morning" },
  });
  expect(notes.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

async function fetchAs(actor: CastMember): Promise<Project> {
  const res = await t.api(contract.projects.get, { params: { id: project.id }, token: cast[actor].token });
  expect(res.status).toBe(200);
  return res.body;
}

const byName = (team: ProjectUser[]) => Object.fromEntries(team.map((member) => [member.name, member]));

const FULL = { Olivia: "Owner", Eddie: "Editor", Vera: "Viewer", Dana: "Designer", Max: "Mayer" };
const INITIALS = { Olivia: "O.", Eddie: "E.", Vera: "V.", Dana: "D.", Max: "M." };

const ALL_EMAILS = ["Olivia", "Eddie", "Vera", "Dana", "Max"];
// Customers on the project see the e-mails of customers and staff, not of designers.
const CUSTOMER_VIEW_EMAILS = ["Olivia", "Eddie", "Vera", "Max"];

const EXPECTED: Array<{ viewer: CastMember; surnames: Record<string, string>; emailsOf: string[] }> = [
  { viewer: "admin", surnames: FULL, emailsOf: ALL_EMAILS },
  { viewer: "projectManager", surnames: INITIALS, emailsOf: ALL_EMAILS },
  { viewer: "owner", surnames: INITIALS, emailsOf: CUSTOMER_VIEW_EMAILS },
  { viewer: "editor", surnames: INITIALS, emailsOf: CUSTOMER_VIEW_EMAILS },
  { viewer: "viewer", surnames: INITIALS, emailsOf: CUSTOMER_VIEW_EMAILS },
  // A designer sees only their own e-mail.
  { viewer: "designerOnTeam", surnames: INITIALS, emailsOf: ["Dana"] },
];

describe("team list redaction (SPEC §6)", () => {
  it.each(EXPECTED)("as $viewer", async ({ viewer, surnames, emailsOf }) => {
    const seen = await fetchAs(viewer);
    const team = byName(seen.projectUsersFeData);
    expect(Object.keys(team).sort()).toEqual(Object.keys(FULL).sort());
    for (const [name, surname] of Object.entries(surnames)) {
      expect(team[name]?.surname, `${name}'s surname`).toBe(surname);
    }
    const visibleEmails = seen.projectUsersFeData.filter((member) => member.email !== null).map((m) => m.name);
    expect(visibleEmails.sort()).toEqual([...emailsOf].sort());
    // Every shown e-mail is that member's real one.
    const realEmails: Record<string, string> = {
      Olivia: cast.owner.user.email,
      Eddie: cast.editor.user.email,
      Vera: cast.viewer.user.email,
      Dana: cast.designerOnTeam.user.email,
      Max: teamManager.user.email,
    };
    for (const name of emailsOf) expect(team[name]?.email, `${name}'s e-mail`).toBe(realEmails[name]);
    // Nothing redacted leaks anywhere else in the answer.
    const raw = JSON.stringify(seen);
    if (surnames.Max !== "Mayer") expect(raw).not.toContain("Mayer");
    if (!emailsOf.includes("Dana")) expect(raw).not.toContain(cast.designerOnTeam.user.email);
  });

  it("labels project roles and marks everyone active", async () => {
    const team = byName((await fetchAs("owner")).projectUsersFeData);
    expect(team.Olivia).toMatchObject({ userProjectRole: "owner", userProjectRoleText: "Owner", role: "customer" });
    expect(team.Max).toMatchObject({
      userProjectRole: "projectManager",
      userProjectRoleText: "Project Manager",
      role: "projectManager",
    });
    expect(team.Dana).toMatchObject({ userProjectRole: "designer", role: "designer", userActiveOnProject: true });
  });

  it("shows the owner's e-mail as customerEmail only where SPEC §6 allows it", async () => {
    for (const viewer of ["admin", "projectManager", "owner", "editor", "viewer"] as const) {
      expect((await fetchAs(viewer)).customerEmail, viewer).toBe(cast.owner.user.email);
    }
    expect((await fetchAs("designerOnTeam")).customerEmail).toBeNull();
  });

  it("shows client character notes to staff and the team's designer, never to customers", async () => {
    const notes = "Prefers calls in the morning";
    for (const viewer of ["admin", "projectManager", "designerOnTeam"] as const) {
      expect((await fetchAs(viewer)).clientCharacterNotes, viewer).toBe(notes);
    }
    for (const viewer of ["owner", "editor", "viewer"] as const) {
      const seen = await fetchAs(viewer);
      expect(seen.clientCharacterNotes, viewer).toBeNull();
      expect(JSON.stringify(seen)).not.toContain(notes);
    }
  });

  it("shows billing details to staff and the owner only", async () => {
    for (const viewer of ["admin", "projectManager", "owner"] as const) {
      expect((await fetchAs(viewer)).customerFirstName, viewer).toBe("Olivia");
    }
    for (const viewer of ["editor", "viewer", "designerOnTeam"] as const) {
      expect((await fetchAs(viewer)).customerFirstName, viewer).toBeNull();
    }
  });

  it("redacts the owner's name and team avatars on list rows the same way", async () => {
    const find = async (actor: CastMember) => {
      const res = await t.api(contract.projects.list, { token: cast[actor].token });
      const row = res.body.items.find((item) => item.id === project.id);
      if (!row) throw new Error(`${actor} does not see the project in the list`);
      return row;
    };
    expect((await find("admin")).ownerName).toBe("Olivia Owner");
    const asViewer = await find("viewer");
    expect(asViewer.ownerName).toBe("Olivia O.");
    expect(asViewer.team.map((member) => member.surname).sort()).toEqual(["D.", "E.", "M.", "O.", "V."].sort());
    expect(JSON.stringify(asViewer)).not.toContain("@");
  });
});

describe("abilities follow the shared rules", () => {
  it("differ per viewer", async () => {
    const abilities = Object.fromEntries(
      await Promise.all(
        (["admin", "projectManager", "owner", "editor", "viewer", "designerOnTeam"] as const).map(async (viewer) => [
          viewer,
          (await fetchAs(viewer)).abilities,
        ]),
      ),
    );
    expect(abilities.admin).toMatchObject({ canEdit: true, canArchive: true, canDelete: true, canEditNotes: true });
    expect(abilities.admin.canInvite.sort()).toEqual(["designer", "editor", "projectManager", "viewer"]);
    expect(abilities.owner).toMatchObject({
      canEdit: false,
      canArchive: true,
      canEditBilling: true,
      canSeeCosts: true,
      canSeeNotes: false,
    });
    expect(abilities.owner.canInvite.sort()).toEqual(["editor", "viewer"]);
    expect(abilities.owner.canRemoveMember.sort()).toEqual([cast.editor.user.id, cast.viewer.user.id].sort());
    // An editor may remove the viewer but never themselves.
    expect(abilities.editor.canRemoveMember).toEqual([cast.viewer.user.id]);
    expect(abilities.viewer).toMatchObject({
      canInvite: [],
      canRemoveMember: [],
      canSeeCosts: false,
      canArchive: false,
    });
    expect(abilities.designerOnTeam).toMatchObject({ canInvite: [], canSeeNotes: true, canEditNotes: false });
    // Staff may remove every member except the current owner.
    expect(abilities.projectManager.canRemoveMember).not.toContain(cast.owner.user.id);
    expect(abilities.projectManager.canRemoveMember).toHaveLength(4);
  });
});
