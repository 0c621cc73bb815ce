import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { ok, route } from "../../core/route.ts";
import { addTaskComment, editTaskComment, getConversation, removeTaskComment, replyToTaskComment } from "./service.ts";

export function registerTaskCommentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = contract.taskComments;
  route(app, ctx, c.get, ({ actor, params }) => getConversation(ctx, actor, params));
  route(app, ctx, c.add, ({ actor, body }) => addTaskComment(ctx, actor, body));
  route(app, ctx, c.reply, ({ actor, body }) => replyToTaskComment(ctx, actor, body));
  route(app, ctx, c.edit, ({ actor, body }) => editTaskComment(ctx, actor, body));
  route(app, ctx, c.remove, async ({ actor, body }) => {
    await removeTaskComment(ctx, actor, body);
    return ok;
  });
}
