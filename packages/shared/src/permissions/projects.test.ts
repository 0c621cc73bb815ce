import { describe, expect, it } from "vitest";
import type { ProjectRole, Role } from "../roles.ts";
import {
  canChangeProjectState,
  canEditProjectPlan,
  canRemoveMember,
  canSeeClientNotes,
  canSeeCosts,
  canSeeMemberEmail,
  canSeeProject,
  invitableRoles,
  redactSurname,
} from "./projects.ts";

const actor = (role: Role, id = "me") => ({ id, role });
const member = (projectRole: ProjectRole, active = true) => ({ projectRole, active });

describe("project permissions", () => {
  it("staff see every project; others only while their membership is active", () => {
    expect(canSeeProject(actor("admin"), null)).toBe(true);
    expect(canSeeProject(actor("projectManager"), undefined)).toBe(true);
    expect(canSeeProject(actor("designer"), null)).toBe(false);
    expect(canSeeProject(actor("designer"), member("designer"))).toBe(true);
    expect(canSeeProject(actor("customer"), member("viewer", false))).toBe(false);
  });

  it("invite roles follow SPEC §6", () => {
    expect(invitableRoles(actor("projectManager"), null).sort()).toEqual([
      "designer",
      "editor",
      "projectManager",
      "viewer",
    ]);
    expect(invitableRoles(actor("customer"), member("owner")).sort()).toEqual(["editor", "viewer"]);
    expect(invitableRoles(actor("customer"), member("editor")).sort()).toEqual(["editor", "viewer"]);
    expect(invitableRoles(actor("customer"), member("viewer"))).toEqual([]);
    expect(invitableRoles(actor("designer"), member("designer"))).toEqual([]);
    expect(invitableRoles(actor("customer"), member("owner", false))).toEqual([]);
  });

  it("removal: staff anyone, owner/editor only editors and viewers, nobody themselves", () => {
    const target = (projectRole: ProjectRole, userId = "them") => ({ userId, projectRole });
    expect(canRemoveMember(actor("admin"), null, target("designer"))).toBe(true);
    expect(canRemoveMember(actor("admin"), null, target("designer", "me"))).toBe(false);
    expect(canRemoveMember(actor("customer"), member("owner"), target("viewer"))).toBe(true);
    expect(canRemoveMember(actor("customer"), member("editor"), target("editor"))).toBe(true);
    expect(canRemoveMember(actor("customer"), member("owner"), target("designer"))).toBe(false);
    expect(canRemoveMember(actor("customer"), member("viewer"), target("viewer"))).toBe(false);
  });

  it("e-mails: staff all; customers on the project those of customers and staff; everyone their own", () => {
    const target = (projectRole: ProjectRole, userId = "them") => ({ userId, projectRole });
    expect(canSeeMemberEmail(actor("projectManager"), null, target("designer"))).toBe(true);
    expect(canSeeMemberEmail(actor("customer"), member("viewer"), target("owner"))).toBe(true);
    expect(canSeeMemberEmail(actor("customer"), member("viewer"), target("admin"))).toBe(true);
    expect(canSeeMemberEmail(actor("customer"), member("owner"), target("designer"))).toBe(false);
    expect(canSeeMemberEmail(actor("designer"), member("designer"), target("owner"))).toBe(false);
    expect(canSeeMemberEmail(actor("designer"), member("designer"), target("designer", "me"))).toBe(true);
  });

  it("costs for owner, editor and staff; notes for staff and team designers; state changes for owner and staff", () => {
    expect(canSeeCosts(actor("customer"), member("editor"))).toBe(true);
    expect(canSeeCosts(actor("customer"), member("viewer"))).toBe(false);
    expect(canSeeClientNotes(actor("designer"), member("designer"))).toBe(true);
    expect(canSeeClientNotes(actor("customer"), member("owner"))).toBe(false);
    expect(canChangeProjectState(actor("customer"), member("owner"))).toBe(true);
    expect(canChangeProjectState(actor("customer"), member("editor"))).toBe(false);
    expect(canEditProjectPlan(actor("admin"), null, { activeStripeSubscription: true })).toBe(false);
  });

  it("redacts a surname to its initial and a dot", () => {
    expect(redactSurname("müller")).toBe("M.");
    expect(redactSurname("")).toBe("");
  });
});
