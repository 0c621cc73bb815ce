import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { ok, scopedRoute } from "../../core/route.ts";
import { projectInBody, taskInBody, taskInPath } from "../../core/route-scope.ts";
import { registerGuestReviewRoutes } from "./guest-routes.ts";
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
import { listReviewRounds, sendReviewRound } from "./service/rounds.ts";
import { cancelReviewRound, decideInReviewRound } from "./service/rounds-decide.ts";
import { markDesignCommentsSeen, markDesignSeen } from "./service/seen.ts";
import { setDesignPoster } from "./service/video-poster.ts";
import { getZipLink, startZip } from "./service/zip.ts";

export function registerDesignRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = contract.designs;

  scopedRoute(app, ctx, c.get, taskInPath, ({ actor, params, preloaded }) =>
    getTaskDesigns(ctx, actor, params, preloaded),
  );
  scopedRoute(app, ctx, c.addDesign, taskInBody, ({ actor, body, preloaded }) =>
    addDesigns(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.addDesignVersion, taskInBody, ({ actor, body, preloaded }) =>
    addDesignVersion(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.setDesignPoster, taskInBody, ({ actor, body, preloaded }) =>
    setDesignPoster(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.removeDesign, taskInBody, ({ actor, body, preloaded }) =>
    removeDesign(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.removeAllDesigns, taskInBody, ({ actor, body, preloaded }) =>
    removeAllDesigns(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.updateDesignFileOrder, taskInBody, ({ actor, body, preloaded }) =>
    updateDesignOrder(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.designSeen, taskInBody, async ({ actor, body, preloaded }) => {
    await markDesignSeen(ctx, actor, body, preloaded);
    return ok;
  });
  scopedRoute(app, ctx, c.commentsSeen, taskInBody, async ({ actor, body, preloaded }) => {
    await markDesignCommentsSeen(ctx, actor, body, preloaded);
    return ok;
  });
  scopedRoute(app, ctx, c.addComment, taskInBody, ({ actor, body, preloaded }) =>
    addComment(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.reply, taskInBody, ({ actor, body, preloaded }) =>
    replyToComment(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.editComment, taskInBody, ({ actor, body, preloaded }) =>
    editComment(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.removeComment, taskInBody, async ({ actor, body, preloaded }) => {
    await removeComment(ctx, actor, body, preloaded);
    return ok;
  });
  scopedRoute(app, ctx, c.resolveComment, taskInBody, ({ actor, body, preloaded }) =>
    resolveComment(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.addChatFile, projectInBody, ({ actor, body, preloaded }) =>
    addChatFiles(ctx, actor, body, preloaded),
  );
  scopedRoute(
    app,
    ctx,
    c.feedback,
    ({ params }) => ({ projectId: params.projectId, taskId: params.taskId }),
    ({ actor, params, body, preloaded }) => giveFeedback(ctx, actor, { params, body }, preloaded),
  );
  scopedRoute(app, ctx, c.approve, taskInPath, ({ actor, params, preloaded }) =>
    approveTask(ctx, actor, params, preloaded),
  );
  // Review rounds (issue 23, part 4).
  const rounds = contract.reviewRounds;
  scopedRoute(app, ctx, rounds.list, taskInPath, ({ actor, params, preloaded }) =>
    listReviewRounds(ctx, actor, params, preloaded),
  );
  scopedRoute(app, ctx, rounds.send, taskInBody, ({ actor, body, preloaded }) =>
    sendReviewRound(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, rounds.decide, taskInBody, ({ actor, body, preloaded }) =>
    decideInReviewRound(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, rounds.cancel, taskInBody, ({ actor, body, preloaded }) =>
    cancelReviewRound(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.zipDesign, taskInPath, ({ actor, params, preloaded }) =>
    startZip(ctx, actor, params, preloaded),
  );
  scopedRoute(app, ctx, c.getZipLink, taskInPath, ({ actor, params, preloaded }) =>
    getZipLink(ctx, actor, params, preloaded),
  );
  registerGuestReviewRoutes(app, ctx);
}
