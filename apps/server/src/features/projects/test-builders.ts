import type { InviteRole, Project } from "@atelier/shared";
import type { BuiltUser, TestApp } from "../../../test/test-app.ts";

/** Builders for the projects API tests: everything goes through the real calls. */

export interface Cast {
  admin: BuiltUser;
  projectManager: BuiltUser;
  designerOnTeam: BuiltUser;
  designerOffTeam: BuiltUser;
  owner: BuiltUser;
  editor: BuiltUser;
  viewer: BuiltUser;
  otherCustomer: BuiltUser;
}

export type CastMember = keyof Cast;

/** One user per platform role and per project role the permission rules tell apart. */
export async function buildCast(t: TestApp): Promise<Cast> {
  return {
    admin: await t.buildUser({ role: "admin", name: "Ada", surname: "Admin" }),
    projectManager: await t.buildUser({ role: "projectManager", name: "Pat", surname: "Manager" }),
    designerOnTeam: await t.buildUser({ role: "designer", name: "Dana", surname: "Designer" }),
    designerOffTeam: await t.buildUser({ role: "designer", name: "Otto", surname: "Outsider" }),
    owner: await t.buildUser({ role: "customer", name: "Olivia", surname: "Owner" }),
    editor: await t.buildUser({ role: "customer", name: "Eddie", surname: "Editor" }),
    viewer: await t.buildUser({ role: "customer", name: "Vera", surname: "Viewer" }),
    otherCustomer: await t.buildUser({ role: "customer", name: "Cleo", surname: "Stranger" }),
  };
}

async function expectOk<T>(response: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await response;
  if (status !== 200) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Creates a project through the API (as admin) owned by `owner`, then invites each member. */
export async function buildProject(
  t: TestApp,
  options: {
    admin: BuiltUser;
    owner: BuiltUser;
    name?: string;
    members?: Array<{ person: BuiltUser; role: InviteRole }>;
  },
): Promise<Project> {
  const project = await expectOk<Project>(
    t.call({
      method: "POST",
      url: "/v3/project/create",
      token: options.admin.token,
      payload: {
        name: options.name ?? "Website redesign",
        isExistingCustomer: true,
        customerEmail: options.owner.user.email,
      },
    }),
    "create project",
  );
  for (const member of options.members ?? []) {
    await expectOk(
      t.call({
        method: "POST",
        url: "/v3/project/inviteUserToProject",
        token: options.admin.token,
        payload: { projectId: project.id, email: member.person.user.email, role: member.role },
      }),
      `invite ${member.role}`,
    );
  }
  return project;
}

/** The usual team: owner, editor, viewer and one designer; the cast's outsiders stay off it. */
export function buildTeamProject(
  t: TestApp,
  cast: Cast,
  options: { name?: string; extra?: Array<{ person: BuiltUser; role: InviteRole }> } = {},
) {
  return buildProject(t, {
    admin: cast.admin,
    owner: cast.owner,
    ...(options.name ? { name: options.name } : {}),
    members: [
      { person: cast.editor, role: "editor" },
      { person: cast.viewer, role: "viewer" },
      { person: cast.designerOnTeam, role: "designer" },
      ...(options.extra ?? []),
    ],
  });
}

/** Pulls the invite key out of the link in an invite e-mail. */
export function inviteKeyFromMail(mail: { links?: string[] }): string {
  const link = mail.links?.find((candidate) => candidate.includes("/app/auth/invite?"));
  if (!link) throw new Error("no invite link in the mail");
  const key = new URL(link).searchParams.get("inviteKey");
  if (!key) throw new Error("invite link without a key");
  return key;
}
