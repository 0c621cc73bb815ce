import type { StreamMessage } from "@atelier/shared";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { isOwnEvent } from "../../lib/own-events.ts";
import { sessionKeys } from "../../lib/session.ts";
import { announcementKeys } from "../announcements/index.ts";
import { designKeys } from "../designs/index.ts";
import { invoiceKeys } from "../invoices/index.ts";
import { messageKeys } from "../messages/index.ts";
import { taskCommentKeys } from "../task-comments/index.ts";
import { taskKeys } from "../tasks/index.ts";

type Change = Extract<StreamMessage, { kind: "change" }>;

// Roots of features this one may not import (projects and billing import the task board).
const PROJECTS = ["projects"] as const;
const BILLING = ["billing"] as const;
/** billing's ledger of a project: approved and in-progress hours follow its tasks */
const ledgerOf = (projectId: string) => [...BILLING, "ledger", projectId] as const;
/** the shell's work log (the designer's header): the shell shows this stream's screens */
const WORK_LOG = ["hours", "workLog"] as const;
const TASK_COUNTS_MOVE = new Set(["task.created", "task.deleted", "task.archived", "task.unarchived"]);

function taskKeysOf(change: Change): QueryKey[] {
  const keys: QueryKey[] = [taskKeys.dashboardAll, taskKeys.unseenProjects];
  if (change.projectId) keys.push(taskKeys.project(change.projectId));
  const id = taskIdOf(change);
  if (id) keys.push(taskKeys.detail(id), taskKeys.history(id), taskKeys.designers(id));
  return keys;
}

/** The task a change is about: its subject, or (designs and comments) the payload's `taskId`. */
function taskIdOf(change: Change): string | null {
  if (change.subject?.type === "task") return change.subject.id;
  return typeof change.payload.taskId === "string" ? change.payload.taskId : null;
}

/** A task's designs, comments and zip state: what the task panel's designs section shows. */
function designKeysOf(change: Change): QueryKey[] {
  const id = taskIdOf(change);
  return id ? [...taskKeysOf(change), designKeys.task(id), designKeys.zip(id)] : [];
}

/**
 * What an open screen shows of a change, by the change's family: the query keys to refetch. A
 * new family that is about a task refreshes the task's keys without a line here; the project
 * list and counts follow any change that moves them.
 */
export function invalidationsFor(change: Change): QueryKey[] {
  const family = change.type.split(".")[0];
  switch (family) {
    case "task":
      // A task's status and designer decide what its designs section offers (approve, upload,
      // feedback), so a change to a task refreshes its designs too.
      // Its estimate and status also move the project's hours (in progress, approved).
      return [
        ...(taskIdOf(change) ? designKeysOf(change) : taskKeysOf(change)),
        ...(TASK_COUNTS_MOVE.has(change.type) ? [PROJECTS] : []),
        ...(change.projectId ? [ledgerOf(change.projectId)] : []),
        // A deleted task's messages left everyone's feed and unread count (no notification says so).
        ...(change.type === "task.deleted" ? [messageKeys.feed, messageKeys.unread] : []),
      ];
    case "project":
      return [PROJECTS, ...(change.projectId ? [taskKeys.project(change.projectId)] : [])];
    case "billing":
      // A confirmed payment issued an invoice.
      return [PROJECTS, BILLING, ...(change.type === "billing.orderConfirmed" ? [invoiceKeys.all] : [])];
    case "design":
    case "comment":
      return designKeysOf(change);
    case "workLog":
      // Approval logged hours for this person: their header's work log.
      return [WORK_LOG];
    case "taskComment": {
      // The conversation on screen; a removed comment's messages left the feed and the badge.
      const id = taskIdOf(change);
      // It also marks the task new for its other people (the board's and the projects' markers).
      const conversation: QueryKey[] = id ? [taskCommentKeys.task(id), ...taskKeysOf(change)] : [];
      return change.type === "taskComment.removed"
        ? [...conversation, messageKeys.feed, messageKeys.unread]
        : conversation;
    }
    case "platformNotification":
      return [announcementKeys.all];
    case "user":
      // After "remove all my information" the session is gone: refetching the user now would
      // sign the person out before the removal dialog has said so (it signs out by itself).
      return change.type === "user.erased" ? [] : [sessionKeys.me];
    default:
      return taskIdOf(change) ? taskKeysOf(change) : change.projectId ? [PROJECTS] : [];
  }
}

/** How long a change of the person's own waits for its call's answer to say it came from this tab. */
const OWN_ANSWER_WAIT_MS = 300;

/**
 * Applies one stream message to the cache: the badge takes the count the notification carries,
 * the feed refetches, and screens showing what changed refetch it. What this tab itself just did
 * is skipped (its call's answer named the event: lib/own-events.ts), so nothing flashes back;
 * the same person's changes from another tab refresh this one. The stream can outrun the call's
 * answer, so a change by the same person waits a moment for it before counting as another tab's.
 */
export function applyStreamMessage(
  queryClient: QueryClient,
  meId: string,
  message: StreamMessage,
  eventId?: number,
): void {
  if (message.kind !== "change") return;
  if (message.notification) {
    queryClient.setQueryData(messageKeys.unread, { count: message.notification.unreadCount });
    void queryClient.invalidateQueries({ queryKey: messageKeys.feed });
  }
  const refresh = () => {
    for (const queryKey of invalidationsFor(message)) void queryClient.invalidateQueries({ queryKey });
  };
  if (message.actorId !== meId || eventId === undefined) {
    refresh();
    return;
  }
  if (isOwnEvent(eventId)) return;
  setTimeout(() => {
    if (!isOwnEvent(eventId)) refresh();
  }, OWN_ANSWER_WAIT_MS);
}
