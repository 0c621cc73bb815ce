import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { ok, route } from "../../core/route.ts";
import {
  addChatFiles,
  addComment,
  editComment,
  removeComment,
  replyToComment,
  resolveComment,
} from "./service/comments.ts";
import { addDesigns, addDesignVersion, removeAllDesigns, removeDesign, updateDesignOrder } from "./service/files.ts";
import { getTaskDesigns } from "./service/read.ts";
import { approveTask, giveFeedback } from "./service/review.ts";
import { markDesignCommentsSeen, markDesignSeen } from "./service/seen.ts";
import { getZipLink, startZip } from "./service/zip.ts";

export function registerDesignRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = contract.designs;

  route(app, ctx, c.get, ({ actor, params }) => getTaskDesigns(ctx, actor, params));
  route(app, ctx, c.addDesign, ({ actor, body }) => addDesigns(ctx, actor, body));
  route(app, ctx, c.addDesignVersion, ({ actor, body }) => addDesignVersion(ctx, actor, body));
  route(app, ctx, c.removeDesign, ({ actor, body }) => removeDesign(ctx, actor, body));
  route(app, ctx, c.removeAllDesigns, ({ actor, body }) => removeAllDesigns(ctx, actor, body));
  route(app, ctx, c.updateDesignFileOrder, ({ actor, body }) => updateDesignOrder(ctx, actor, body));
  route(app, ctx, c.designSeen, async ({ actor, body }) => {
    await markDesignSeen(ctx, actor, body);
    return ok;
  });
  route(app, ctx, c.commentsSeen, async ({ actor, body }) => {
    await markDesignCommentsSeen(ctx, actor, body);
    return ok;
  });
  route(app, ctx, c.addComment, ({ actor, body }) => addComment(ctx, actor, body));
  route(app, ctx, c.reply, ({ actor, body }) => replyToComment(ctx, actor, body));
  route(app, ctx, c.editComment, ({ actor, body }) => editComment(ctx, actor, body));
  route(app, ctx, c.removeComment, async ({ actor, body }) => {
    await removeComment(ctx, actor, body);
    return ok;
  });
  route(app, ctx, c.resolveComment, ({ actor, body }) => resolveComment(ctx, actor, body));
  route(app, ctx, c.addChatFile, ({ actor, body }) => addChatFiles(ctx, actor, body));
  route(app, ctx, c.feedback, ({ actor, params, body }) => giveFeedback(ctx, actor, { params, body }));
  route(app, ctx, c.approve, ({ actor, params }) => approveTask(ctx, actor, params));
  route(app, ctx, c.zipDesign, ({ actor, params }) => startZip(ctx, actor, params));
  route(app, ctx, c.getZipLink, ({ actor, params }) => getZipLink(ctx, actor, params));
}
