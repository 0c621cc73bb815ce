import { contract, type Endpoint } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { ok, openRoute, scopedRoute } from "../../core/route.ts";
import { taskInBody, taskInPath } from "../../core/route-scope.ts";
import { hashToken } from "../../lib/tokens.ts";
import { authenticateGuest } from "./service/guest-access.ts";
import { unsubscribeGuest } from "./service/guest-mail.ts";
import {
  addGuestComment,
  decideAsGuest,
  joinGuestLink,
  openGuestLink,
  readGuestReview,
  replyAsGuest,
} from "./service/guest-review.ts";
import { createGuestShare, listTaskGuestShares, revokeTaskGuestShare } from "./service/guest-shares.ts";

/** Opening links: per client address, so nobody tries link secrets or names in bulk. */
const OPEN_LIMIT = { max: 30, timeWindow: "1 minute" };

/** Guest reviewers (issue 23, part 3): the team's link calls and the guests' own. */
export function registerGuestReviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const shares = contract.guestShares;
  scopedRoute(app, ctx, shares.list, taskInPath, ({ actor, params, preloaded }) =>
    listTaskGuestShares(ctx, actor, params, preloaded),
  );
  scopedRoute(app, ctx, shares.create, taskInBody, ({ actor, body, preloaded }) =>
    createGuestShare(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, shares.revoke, taskInBody, async ({ actor, body, preloaded }) => {
    await revokeTaskGuestShare(ctx, actor, body, preloaded);
    return ok;
  });

  const guest = contract.guestReview;
  openRoute(app, guest.open, ({ body }) => openGuestLink(ctx, body.link), { rateLimit: OPEN_LIMIT });
  openRoute(app, guest.join, ({ body }) => joinGuestLink(ctx, body), {
    rateLimit: [
      OPEN_LIMIT,
      // New guests per link: a link passed around a company is fine, a script minting tokens is not.
      { max: 30, timeWindow: "1 hour", name: "guest-join-link", keyBy: (request) => joinKey(request.body) },
    ],
  });
  // No limit of its own: a secret of 256 bits is not guessed, and a wrong one changes nothing.
  openRoute(app, guest.unsubscribe, async ({ body }) => {
    await unsubscribeGuest(ctx, body.token);
    return ok;
  });
  guestRoute(app, ctx, guest.review, (found) => readGuestReview(ctx.db, found));
  guestRoute(app, ctx, guest.comment, (found, body) => addGuestComment(ctx, found, body));
  guestRoute(app, ctx, guest.reply, (found, body) => replyAsGuest(ctx, found, body));
  guestRoute(app, ctx, guest.decide, (found, body) => decideAsGuest(ctx, found, body));
}

function joinKey(body: unknown): string {
  const link = (body as { link?: unknown } | undefined)?.link;
  return `guest-join|${typeof link === "string" ? hashToken(link) : ""}`;
}

/** A guest call: open to sessions, signed by the guest's token (service/guest-access.ts). */
function guestRoute<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: (
    guest: Awaited<ReturnType<typeof authenticateGuest>>,
    body: Parameters<Parameters<typeof openRoute<E>>[2]>[0]["body"],
  ) => ReturnType<Parameters<typeof openRoute<E>>[2]>,
): void {
  openRoute(app, endpoint, async ({ body, request }) => handler(await authenticateGuest(ctx, request), body));
}
