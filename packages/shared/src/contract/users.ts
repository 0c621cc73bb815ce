import { z } from "zod";
import { PAGE_SIZE } from "../limits.ts";
import { ROLES } from "../roles.ts";
import { idParams, okSchema, pageOf, pageQuery, textSchema } from "../schemas/common.ts";
import { customerSummarySchema, saveUserSchema, updateProfileSchema, userSchema } from "../schemas/user.ts";
import { endpoint } from "./endpoint.ts";

export const usersContract = {
  // Contract decisions: answers the saved user. Admin and projectManager only; only admin creates
  // or edits a projectManager or changes a role. A `password` together with `id` is refused with
  // 400 (fields.password): nobody edits another user's password, and one's own is changed through
  // /profile/update with the current password. `avatarKey` must be an uploaded image.
  save: endpoint({
    method: "POST",
    path: "/user",
    summary: "Create a user (designer or projectManager), or update one when `id` is given",
    tag: "users",
    auth: true,
    body: saveUserSchema,
    response: userSchema,
  }),
  list: endpoint({
    method: "GET",
    path: "/user/list",
    summary: "Users, newest first, optionally of one role",
    tag: "users",
    auth: true,
    query: z.object({ role: z.enum(ROLES).optional(), ...pageQuery(PAGE_SIZE.users) }),
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
  // it at the field). A password change ends the user's other sessions and keeps this one.
  update: endpoint({
    method: "POST",
    path: "/profile/update",
    summary: "Change the caller's own name, avatar, task sort or password",
    tag: "profile",
    auth: true,
    body: updateProfileSchema,
    response: userSchema,
  }),
  listCustomers: endpoint({
    method: "GET",
    path: "/profile/listCustomers",
    summary: "Customers for staff pickers, filtered by name or e-mail",
    tag: "profile",
    auth: true,
    query: z.object({ search: textSchema().trim().max(100).optional(), ...pageQuery(PAGE_SIZE.users) }),
    response: pageOf(customerSummarySchema),
  }),
};
