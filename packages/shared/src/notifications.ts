import { formatDay } from "./dates.ts";
import type { DomainEventPayloads, DomainEventType } from "./events.ts";
import type { TaskLinkTarget } from "./links.ts";
import { TASK_STATUS_TEXT } from "./permissions/tasks.ts";

/**
 * Which domain events notify the project's members (DESIGN §3) and how each reads in the feed.
 * Table-driven so a new event type (a comment, a design upload) is one line here: the server
 * writes a notification row for every type listed, the feed and the stream read the text from it.
 * `kind` is SPEC §3's `commentType`: `addComment` and `addFile` as SPEC names them; task changes,
 * which SPEC's Notification item does not type, get their own kind (contract decision).
 */
export { NOTIFICATION_KINDS, type NotificationKind } from "./notification-kinds.ts";

import type { NotificationKind } from "./notification-kinds.ts";

/**
 * Who hears of an event: its project's active members (the default), or the admins, who are on no
 * team but act on what the event asks of them (a payment order waiting for their confirmation).
 */
export type NotificationAudience = "team" | "admins";

export interface NotificationRule<T extends DomainEventType> {
  kind: NotificationKind;
  audience?: NotificationAudience;
  /** the message text after the sender's name; a payload holds only what every member may see */
  text: (payload: DomainEventPayloads[T]) => string;
  /** the file a notification is about (SPEC §3 `fileName`), when it names one */
  fileName?: (payload: DomainEventPayloads[T]) => string | null;
  /** where in the task its link lands (the design, its version, the comment); the task when absent */
  target?: (payload: DomainEventPayloads[T]) => TaskLinkTarget;
  /**
   * Texts for particular recipients (by user id) instead of `text`: the people a comment mentions,
   * the author of the thread replied to. Only project members are notified, whatever it names.
   */
  textFor?: (payload: DomainEventPayloads[T]) => Record<string, string>;
}

/**
 * Events that take back the notifications of earlier events (a removed comment leaves the feed):
 * the subject type and ids whose events' notifications go, unread counts with them.
 */
export interface NotificationRetraction<T extends DomainEventType> {
  subjectType: "taskComment";
  subjectIds: (payload: DomainEventPayloads[T]) => string[];
}

type NotificationRules = { [T in DomainEventType]?: NotificationRule<T> };

const deadlineText = (deadline: number) =>
  deadline === 0 ? "removed the deadline" : `set the deadline to ${formatDay(deadline)}`;

const designsText = (count: number) => (count === 1 ? "1 design" : `${count} designs`);
/** A guest reviewer has no account to name as the sender: the text says who it was. */
const guestMark = (guestName: string | undefined) => (guestName ? `(guest ${guestName}) ` : "");

const MENTIONED = "mentioned you on the task";

/** The mentioned hear that they were; the author of the thread replied to, that it was theirs. */
function taskCommentTexts(mentionIds: readonly string[], parentAuthorId: string | null = null) {
  const texts: Record<string, string> = {};
  if (parentAuthorId) texts[parentAuthorId] = "replied to your comment on the task";
  for (const id of mentionIds) texts[id] = MENTIONED;
  return texts;
}

export const NOTIFICATION_RULES: NotificationRules = {
  "task.created": { kind: "taskCreated", text: () => "added the task" },
  "task.statusChanged": { kind: "statusChanged", text: (p) => `changed the status to ${TASK_STATUS_TEXT[p.to]}` },
  "task.started": { kind: "statusChanged", text: () => `changed the status to ${TASK_STATUS_TEXT.inProgress}` },
  "task.designerAssigned": { kind: "designerAssigned", text: () => "assigned a designer" },
  "task.deadlineChanged": { kind: "deadlineChanged", text: (p) => deadlineText(p.deadline) },
  // Designs and review (issue 8). task.approved is not listed: its task.statusChanged notifies.
  "comment.added": {
    kind: "addComment",
    text: (p) => `${guestMark(p.guestName)}commented on ${p.fileName}`,
    fileName: (p) => p.fileName,
    target: (p) => ({ design: p.designerFileUuid, comment: p.commentId }),
  },
  // A reply lands on its thread: the comment it answers.
  "comment.replied": {
    kind: "addComment",
    text: (p) => `${guestMark(p.guestName)}replied on ${p.fileName}`,
    fileName: (p) => p.fileName,
    target: (p) => ({ design: p.designerFileUuid, comment: p.commentId }),
  },
  // A review's verdict on a file, with the reviewer's note when there is one (issue 29).
  "design.feedback": {
    kind: "addComment",
    text: (p) =>
      `${p.feedback === "approved" ? "approved" : "asked for changes to"} ${p.fileName}${p.comment ? `: “${p.comment}”` : ""}`,
    fileName: (p) => p.fileName,
    target: (p) => ({ design: p.designerFileUuid, version: p.designerFileUuid }),
  },
  "design.added": {
    kind: "addFile",
    text: (p) => `uploaded ${p.fileName}`,
    fileName: (p) => p.fileName,
    target: (p) => ({ design: p.designerFileUuid }),
  },
  "design.versionAdded": {
    kind: "addFile",
    text: (p) => `uploaded version ${p.version} of ${p.fileName}`,
    fileName: (p) => p.fileName,
    target: (p) => ({ design: p.designerFileUuid, version: p.designerFileUuid }),
  },
  // Review rounds (issue 23, part 4): the reviewers asked hear it as a request to them.
  "design.roundSent": {
    kind: "reviewRound",
    text: (p) => `sent ${designsText(p.designCount)} for review (round ${p.number}), due ${formatDay(p.dueAt)}`,
    textFor: (p) =>
      Object.fromEntries(
        p.reviewerIds.map((id) => [
          id,
          `asked you to review ${designsText(p.designCount)} (round ${p.number}) by ${formatDay(p.dueAt)}`,
        ]),
      ),
  },
  "design.roundDecided": {
    kind: "reviewRound",
    text: (p) =>
      `${guestMark(p.guestName)}${p.decision === "approved" ? "approved" : "asked for changes"} in review round ${p.number}${p.comment ? `: “${p.comment}”` : ""}`,
  },
  // design.roundClosed is not listed: the task.statusChanged it comes with notifies.
  "design.roundCancelled": { kind: "reviewRound", text: (p) => `cancelled review round ${p.number}` },
  // The conversation on a task (issue 29): everyone on the team hears of it as of design comments.
  "taskComment.added": {
    kind: "addComment",
    text: () => "commented on the task",
    textFor: (p) => taskCommentTexts(p.mentionIds),
  },
  "taskComment.replied": {
    kind: "addComment",
    text: () => "replied on the task",
    textFor: (p) => taskCommentTexts(p.mentionIds, p.parentAuthorId),
  },
  // Every order is paid outside the app (bank transfer, BTC): the admins confirm it on Payments.
  "billing.orderCreated": {
    kind: "paymentOrder",
    audience: "admins",
    text: (p) =>
      `ordered ${p.kind === "PLAN" ? "a plan" : "extra hours"} by ${p.method === "BTC" ? "crypto (BTC)" : "bank transfer"} (${p.reference}): confirm it when the money arrives`,
  },
};

export const NOTIFICATION_RETRACTIONS: { [T in DomainEventType]?: NotificationRetraction<T> } = {
  "taskComment.removed": { subjectType: "taskComment", subjectIds: (p) => p.removedIds },
};

/** The retraction of an event type, or null when its events take nothing back. */
export function notificationRetractionFor(type: string): NotificationRetraction<DomainEventType> | null {
  const rule = (NOTIFICATION_RETRACTIONS as Record<string, NotificationRetraction<DomainEventType> | undefined>)[type];
  return rule ?? null;
}

/** The rule for an event type, or null when the type does not notify. */
export function notificationRuleFor(type: string): NotificationRule<DomainEventType> | null {
  const rule = (NOTIFICATION_RULES as Record<string, NotificationRule<DomainEventType> | undefined>)[type];
  return rule ?? null;
}
