import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { ok, openRoute, route } from "../../core/route.ts";
import { confirmEmailChange } from "./service/email-change.ts";
import { listUsers, removeUser, saveUser } from "./service/manage.ts";
import { listCustomers, setTaskSortType, updateProfile } from "./service/profile.ts";

export function registerUsersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const u = contract.users;
  const p = contract.profile;
  route(app, ctx, u.save, ({ actor, body }) => saveUser(ctx, actor, body));
  route(app, ctx, u.list, ({ actor, query }) => listUsers(ctx, actor, query));
  route(app, ctx, u.remove, async ({ actor, params }) => {
    await removeUser(ctx, actor, params);
    return ok;
  });
  route(app, ctx, p.update, ({ actor, body }) => updateProfile(ctx, actor, body));
  route(app, ctx, p.listCustomers, ({ actor, query }) => listCustomers(ctx, actor, query));
  // Listed with the task calls (its path and SPEC §4 put it there), but what it stores is the
  // caller's own preference on their account, so users serves it.
  route(app, ctx, contract.tasks.updateUserTaskOrder, async ({ actor, query }) => {
    await setTaskSortType(ctx, actor, query);
    return ok;
  });
  // The link's token is the proof, as with a password reset: open, and limited the same way.
  openRoute(app, p.confirmEmailChange, ({ actor, body }) => confirmEmailChange(ctx, actor, body), {
    rateLimit: { max: ctx.config.rateLimits.passwordReset, timeWindow: "15 minutes" },
  });
}
