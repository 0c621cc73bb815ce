import type { InviteRole } from "@atelier/shared";
import type { BuiltUser, TestApp } from "../../../test/test-app.ts";

/** A project made through the real calls (as admin), owned by `owner`, with members invited. */
export async function buildProject(
  t: TestApp,
  options: { admin: BuiltUser; owner: BuiltUser; name: string; members?: { person: BuiltUser; role: InviteRole }[] },
): Promise<{ id: string }> {
  const created = await t.call({
    method: "POST",
    url: "/v3/project/create",
    token: options.admin.token,
    payload: { name: options.name, isExistingCustomer: true, customerEmail: options.owner.user.email },
  });
  if (created.status !== 200) throw new Error(`create project answered ${created.status}`);
  for (const member of options.members ?? []) {
    const invited = await t.call({
      method: "POST",
      url: "/v3/project/inviteUserToProject",
      token: options.admin.token,
      payload: { projectId: created.body.id, email: member.person.user.email, role: member.role },
    });
    if (invited.status !== 200) throw new Error(`invite answered ${invited.status}`);
  }
  return created.body;
}
