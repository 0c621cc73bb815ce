import { z } from "zod";
import { PAGE_SIZE } from "../limits.ts";
import { ROLES } from "../roles.ts";
import { idParams, okSchema, pageOf, pageQuery } from "../schemas/common.ts";
import {
  accountSearchSchema,
  confirmEmailChangeSchema,
  customerSummarySchema,
  emailChangeConfirmedSchema,
  savedUserSchema,
  saveUserSchema,
  updateProfileSchema,
  userSchema,
} from "../schemas/user.ts";
import { endpoint } from "./endpoint.ts";

export const usersContract = {
  // Contract decisions: answers the saved user. Admin and projectManager only; only admin creates
  // or edits a projectManager or changes a role. A `password` together with `id` is refused with
  // 400 (fields.password): nobody edits another user's password, and one's own is changed through
  // /profile/update with the current password. `avatarKey` must be an image the caller uploaded
  // as an avatar. Updates reach designers and projectManagers (and the caller's own details), never
  // a customer's or another admin's account (403). A new `email` for someone else is not set: a
  // confirmation link goes to it, the old address is told, and the answer's `pendingEmail` says
  // so; one's own e-mail changes only through /profile/update (400 on email here).
  save: endpoint({
    method: "POST",
    path: "/user",
    summary: "Create a user (designer or projectManager), or update one when `id` is given",
    tag: "users",
    auth: true,
    errors: ["CONFLICT"],
    body: saveUserSchema,
    response: savedUserSchema,
  }),
  list: endpoint({
    method: "GET",
    path: "/user/list",
    summary: "Users, newest first, optionally of one role and matching `q` (name or e-mail words)",
    tag: "users",
    auth: true,
    query: z.object({ role: z.enum(ROLES).optional(), q: accountSearchSchema, ...pageQuery(PAGE_SIZE.users) }),
    response: pageOf(userSchema),
  }),
  // Contract decision: a soft delete (the row stays so work and comments keep their author; the
  // e-mail becomes free again). Nobody removes themselves; admins are not removed here.
  remove: endpoint({
    method: "DELETE",
    path: "/user/:id",
    summary: "Remove a user and revoke their sessions",
    tag: "users",
    auth: true,
    params: idParams,
    response: okSchema,
  }),
};

export const profileContract = {
  // Contract decision: a wrong `currentPassword` is 400 with fields.currentPassword (the form shows
  // it at the field). A password change ends the user's other sessions and keeps this one. A new
  // `email` needs `currentPassword` (a stolen session alone cannot move the account) and is not set
  // at once: a link goes to the new address, a notice to the old, and `pendingEmail` answers it.
  update: endpoint({
    method: "POST",
    path: "/profile/update",
    summary: "Change the caller's own name, avatar, task sort, password or (confirmed by link) e-mail",
    tag: "profile",
    auth: true,
    sessionOnly: true,
    errors: ["CONFLICT"],
    body: updateProfileSchema,
    response: savedUserSchema,
  }),
  // Contract decision: the link sent to a new sign-in e-mail opens /app/auth/email-change?token,
  // whose button calls this. Open (the token is the proof; the user may be signed out or on another
  // device), rate-limited like the password reset. 412 for an unknown, spent or expired link; 409
  // when the address was taken meanwhile. Answers the account's e-mail as it now is.
  confirmEmailChange: endpoint({
    method: "POST",
    path: "/auth/emailChange/confirm",
    summary: "Confirm a new sign-in e-mail with the link sent to it",
    tag: "auth",
    auth: false,
    errors: ["CONFLICT", "RULE_REFUSED"],
    body: confirmEmailChangeSchema,
    response: emailChangeConfirmedSchema,
  }),
  listCustomers: endpoint({
    method: "GET",
    path: "/profile/listCustomers",
    summary: "Customers for staff pickers, filtered by name or e-mail",
    tag: "profile",
    auth: true,
    query: z.object({ search: accountSearchSchema, ...pageQuery(PAGE_SIZE.users) }),
    response: pageOf(customerSummarySchema),
  }),
};
