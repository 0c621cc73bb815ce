import { z } from "zod";
import { PAGE_SIZE } from "../limits.ts";
import { ROLES } from "../roles.ts";
import { idParams, okSchema, pageOf, pageQuery } from "../schemas/common.ts";
import { customerSummarySchema, saveUserSchema, updateProfileSchema, userSchema } from "../schemas/user.ts";
import { endpoint } from "./endpoint.ts";

export const usersContract = {
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
    query: z.object({ search: z.string().trim().max(100).optional(), ...pageQuery(PAGE_SIZE.users) }),
    response: pageOf(customerSummarySchema),
  }),
};
