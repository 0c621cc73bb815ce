import { okSchema } from "../schemas/common.ts";
import { fileCommentSchema } from "../schemas/design.ts";
import {
  createdGuestShareSchema,
  createGuestShareSchema,
  guestCommentSchema,
  guestDecisionSchema,
  guestJoinSchema,
  guestLinkInfoSchema,
  guestOpenSchema,
  guestReplySchema,
  guestReviewSchema,
  guestSessionSchema,
  guestSharesSchema,
  guestUnsubscribeSchema,
  revokeGuestShareSchema,
} from "../schemas/guest-review.ts";
import { taskPathParams } from "../schemas/task.ts";
import { endpoint } from "./endpoint.ts";

const tag = "guest review";

/**
 * Guest reviewers (issue 23, part 3), the team's side: sharing one task's designs by a link. The
 * project's owner, an editor or staff share and revoke; whoever sees the task sees its links.
 */
export const guestSharesContract = {
  list: endpoint({
    method: "GET",
    path: "/v3/project/:id/task/:taskId/guest-shares",
    summary: "The task's review links for guests, newest first, each with the guests who used it",
    tag,
    auth: true,
    params: taskPathParams,
    response: guestSharesSchema,
  }),
  create: endpoint({
    method: "POST",
    path: "/v3/project/task/guest-share",
    summary: "Share the task's designs with guests by a link (owner, editor, staff); the link is shown once",
    tag,
    auth: true,
    body: createGuestShareSchema,
    response: createdGuestShareSchema,
  }),
  revoke: endpoint({
    method: "POST",
    path: "/v3/project/task/guest-share/revoke",
    summary: "Turn a review link off at once (owner, editor, staff)",
    tag,
    auth: true,
    body: revokeGuestShareSchema,
    response: okSchema,
  }),
};

/**
 * The guest's side: no account, no session. `open` and `join` take the link itself; every other
 * call takes the guest's token in the `Guest-Token` header and reaches only that link's task. A
 * guest token sent to any call not listed here answers 404 (core/sessions/guest-boundary.ts).
 * A revoked or expired link answers 412 with a sentence the guest page shows.
 */
export const guestReviewContract = {
  open: endpoint({
    method: "POST",
    path: "/guest/open",
    summary: "What a review link shows before the guest gives their name (project, task, password?)",
    tag,
    auth: false,
    guest: true,
    body: guestOpenSchema,
    response: guestLinkInfoSchema,
    errors: ["NOT_FOUND", "RULE_REFUSED"],
  }),
  join: endpoint({
    method: "POST",
    path: "/guest/join",
    summary: "Give a name and e-mail (and the link's password) and get a guest token for this link",
    tag,
    auth: false,
    guest: true,
    body: guestJoinSchema,
    response: guestSessionSchema,
    errors: ["NOT_FOUND", "RULE_REFUSED", "FORBIDDEN"],
  }),
  review: endpoint({
    method: "GET",
    path: "/guest/review",
    summary: "The shared task's current designs and their comments, as the guest sees them",
    tag,
    auth: false,
    guest: true,
    response: guestReviewSchema,
    errors: ["NOT_FOUND", "RULE_REFUSED", "UNAUTHENTICATED"],
  }),
  comment: endpoint({
    method: "POST",
    path: "/guest/comment",
    summary: "Comment on a current design, optionally pinned",
    tag,
    auth: false,
    guest: true,
    body: guestCommentSchema,
    response: fileCommentSchema,
    errors: ["NOT_FOUND", "RULE_REFUSED", "UNAUTHENTICATED"],
  }),
  reply: endpoint({
    method: "POST",
    path: "/guest/comment/reply",
    summary: "Reply to a thread on a current design",
    tag,
    auth: false,
    guest: true,
    body: guestReplySchema,
    response: fileCommentSchema,
    errors: ["NOT_FOUND", "RULE_REFUSED", "UNAUTHENTICATED"],
  }),
  decide: endpoint({
    method: "POST",
    path: "/guest/decision",
    summary: "Approve the task or request changes, when the link allows it and the task is in review",
    tag,
    auth: false,
    guest: true,
    body: guestDecisionSchema,
    response: guestReviewSchema,
    errors: ["NOT_FOUND", "RULE_REFUSED", "UNAUTHENTICATED", "FORBIDDEN"],
  }),

  unsubscribe: endpoint({
    method: "POST",
    path: "/guest/unsubscribe",
    summary: "Stop the reply e-mails to a guest (the secret of one of those e-mails' links)",
    tag,
    auth: false,
    guest: true,
    body: guestUnsubscribeSchema,
    response: okSchema,
    errors: ["NOT_FOUND"],
  }),
};
