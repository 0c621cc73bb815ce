import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { ok, scopedRoute } from "../../core/route.ts";
import { taskInBody, taskInPath } from "../../core/route-scope.ts";
import {
  addTaskComment,
  editTaskComment,
  getConversation,
  removeTaskComment,
  replyToTaskComment,
} from "./service/comments.ts";

export function registerTaskCommentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = contract.taskComments;
  scopedRoute(app, ctx, c.get, taskInPath, ({ actor, params, preloaded }) =>
    getConversation(ctx, actor, params, preloaded),
  );
  scopedRoute(app, ctx, c.add, taskInBody, ({ actor, body, preloaded }) => addTaskComment(ctx, actor, body, preloaded));
  scopedRoute(app, ctx, c.reply, taskInBody, ({ actor, body, preloaded }) =>
    replyToTaskComment(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.edit, taskInBody, ({ actor, body, preloaded }) =>
    editTaskComment(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.remove, taskInBody, async ({ actor, body, preloaded }) => {
    await removeTaskComment(ctx, actor, body, preloaded);
    return ok;
  });
}
