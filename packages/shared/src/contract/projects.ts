import { z } from "zod";
import { PAGE_SIZE } from "../limits.ts";
import { idParams, okSchema, pageOf, pageQuery } from "../schemas/common.ts";
import {
  adminCreateProjectSchema,
  adminUpdateProjectSchema,
  changeProjectStateSchema,
  createProjectSchema,
  projectListItemSchema,
  projectListQuerySchema,
  projectNameItemSchema,
  projectNamesQuerySchema,
  projectSchema,
  removeMemberParams,
  updateClientNotesSchema,
  updateProjectDataSchema,
} from "../schemas/project.ts";
import {
  acceptInviteSchema,
  inviteKeyQuerySchema,
  inviteResultSchema,
  inviteToProjectSchema,
  onboardCustomerSchema,
  pendingInviteParams,
  pendingInviteSchema,
  projectInviteSchema,
  sessionWithProjectSchema,
} from "../schemas/project-invite.ts";
import { endpoint } from "./endpoint.ts";

const tag = "projects";

/**
 * Projects and their teams (SPEC §7 "Projects"). Every project call answers 404 for a project
 * the caller cannot see, and 403 when they see it but may not do the action (DESIGN §4/§5).
 * Contract decisions: calls that change a project answer the updated project, as the caller
 * sees it (with `abilities`), so the web can replace its copy without a second request.
 */
export const projectsContract = {
  create: endpoint({
    method: "POST",
    path: "/v3/project/create",
    summary: "Create a project: a customer for themselves; staff for an existing or a new customer",
    tag,
    auth: true,
    body: createProjectSchema,
    response: projectSchema,
  }),
  adminCreate: endpoint({
    method: "POST",
    path: "/v3/project/adminCreate",
    summary: "Create a project as admin, optionally with its Dropbox link and plan",
    tag,
    auth: true,
    body: adminCreateProjectSchema,
    response: projectSchema,
  }),
  get: endpoint({
    method: "GET",
    path: "/v3/project/get/:id",
    summary: "One project with its team (redacted for the caller) and the caller's abilities",
    tag,
    auth: true,
    params: idParams,
    response: projectSchema,
  }),
  list: endpoint({
    method: "GET",
    path: "/v3/project/list",
    summary: "Projects the caller can see, in one state, newest first or by name",
    tag,
    auth: true,
    query: projectListQuerySchema,
    response: pageOf(projectListItemSchema),
  }),
  // Contract decision: names of every visible project in both states, A→Z, for pickers.
  listNames: endpoint({
    method: "GET",
    path: "/v3/project/list-names",
    summary: "Ids and names of the projects the caller can see, by name",
    tag,
    auth: true,
    query: projectNamesQuerySchema,
    response: pageOf(projectNameItemSchema),
  }),
  changeState: endpoint({
    method: "POST",
    path: "/v3/project/changeState",
    summary: "Archive (archived) or restore (inProgress) a project: staff and the owner",
    tag,
    auth: true,
    body: changeProjectStateSchema,
    response: projectSchema,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/v3/project/:id",
    summary: "Delete a project: staff and the owner",
    tag,
    auth: true,
    params: idParams,
    response: okSchema,
  }),
  adminUpdate: endpoint({
    method: "POST",
    path: "/v3/project/adminUpdate",
    summary: "Staff edit name, Dropbox link and plan (the plan only without an active Stripe subscription)",
    tag,
    auth: true,
    body: adminUpdateProjectSchema,
    response: projectSchema,
  }),
  updateData: endpoint({
    method: "POST",
    path: "/v3/project/updateData",
    summary: "Billing details and owner change: staff and the owner",
    tag,
    auth: true,
    body: updateProjectDataSchema,
    response: projectSchema,
  }),
  updateClientCharacterNotes: endpoint({
    method: "POST",
    path: "/v3/project/updateClientCharacterNotes/",
    summary: "Staff write the internal notes about the client",
    tag,
    auth: true,
    body: updateClientNotesSchema,
    response: projectSchema,
  }),
  invite: endpoint({
    method: "POST",
    path: "/v3/project/inviteUserToProject",
    summary: "Add an existing user to the team at once, or e-mail a single-use invite to a new address",
    tag,
    auth: true,
    errors: ["CONFLICT"],
    body: inviteToProjectSchema,
    response: inviteResultSchema,
  }),
  removeMember: endpoint({
    method: "DELETE",
    path: "/v3/project/:id/user/:userId",
    summary: "Remove a member from the team",
    tag,
    auth: true,
    params: removeMemberParams,
    response: okSchema,
  }),
  // Contract decision (SPEC leaves it open: it names no call for pending invites): invites to new
  // addresses not yet accepted, revoked or replaced, by e-mail A→Z, expired ones included so they
  // can be resent. Only the invites whose role the caller may invite with (canInviteAs); 403 when
  // the caller may invite nobody.
  listInvites: endpoint({
    method: "GET",
    path: "/v3/project/:id/invites",
    summary: "Pending invites of a project that the caller may manage",
    tag,
    auth: true,
    params: idParams,
    query: z.object(pageQuery(PAGE_SIZE.pendingInvites)),
    response: pageOf(pendingInviteSchema),
  }),
  // Contract decision (SPEC leaves it open): resending issues a new key valid for INVITE_DAYS and
  // e-mails it; the old link stops working. Whoever may invite with the invite's role may resend it.
  resendInvite: endpoint({
    method: "POST",
    path: "/v3/project/:id/invite/:inviteId/resend",
    summary: "E-mail a pending invite again with a new link (the old link stops working)",
    tag,
    auth: true,
    params: pendingInviteParams,
    response: pendingInviteSchema,
  }),
  // Contract decision (SPEC leaves it open): revoking deletes the pending invite, so its link
  // answers 404. Whoever may invite with the invite's role may revoke it.
  revokeInvite: endpoint({
    method: "DELETE",
    path: "/v3/project/:id/invite/:inviteId",
    summary: "Revoke a pending invite: its link stops working",
    tag,
    auth: true,
    params: pendingInviteParams,
    response: okSchema,
  }),
  inviteInfo: endpoint({
    method: "GET",
    path: "/auth/projectInviteKey",
    summary: "What an invite link offers; 404 when unknown, used or expired",
    tag,
    auth: false,
    query: inviteKeyQuerySchema,
    response: projectInviteSchema,
  }),
  // Contract decision: SPEC names no accept call. With an account for the invite's e-mail the
  // password signs in; without one, name and surname create a customer account. An account with
  // two-factor sign-in on joins the project and gets the code step's challenge, as login does.
  acceptInvite: endpoint({
    method: "POST",
    path: "/auth/projectInvite/accept",
    summary: "Accept an invite: join the project and sign in",
    tag,
    auth: false,
    errors: ["CONFLICT", "RULE_REFUSED"],
    body: acceptInviteSchema,
    response: sessionWithProjectSchema,
  }),
  // Contract decision: /onboard creates the customer, their billing details and first project in one call.
  onboard: endpoint({
    method: "POST",
    path: "/auth/onboard",
    summary: "Customer onboarding: account, billing details and first project; answers a session",
    tag,
    auth: false,
    errors: ["CONFLICT", "RULE_REFUSED"],
    body: onboardCustomerSchema,
    response: sessionWithProjectSchema,
  }),
};
