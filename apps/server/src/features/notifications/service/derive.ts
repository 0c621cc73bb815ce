import { notificationRuleFor } from "@atelier/shared";
import type { DomainEvent } from "../../../core/events/event.ts";
import type { EventWriter } from "../../../core/transaction.ts";
import { activeMembersOf, insertNotifications, type NewNotification, taskTitles } from "../repo/write.ts";
import { type DigestDeps, scheduleDigests } from "./digest.ts";

/**
 * Turns a unit of work's notifying events (NOTIFICATION_RULES in shared) into one notification
 * row per project member other than the actor (DESIGN §3), in the same transaction, and queues
 * the recipients' e-mail digests. An event type that is not in the table notifies nobody, so
 * adding comments or designs is a line there.
 */
export const notificationWriter =
  (deps: DigestDeps): EventWriter =>
  async (tx, events) => {
    const notifying = events.filter((event) => event.projectId && notificationRuleFor(event.type));
    if (notifying.length === 0) return;
    const members = await activeMembersOf(tx, [...new Set(notifying.map((event) => event.projectId as string))]);
    const taskIds = notifying.flatMap((event) => {
      const taskId = taskIdOf(event);
      return taskId ? [taskId] : [];
    });
    const titles = await taskTitles(tx, [...new Set(taskIds)]);
    const rows = notifying.flatMap((event) => {
      const projectId = event.projectId as string;
      const base = notificationOf(event, projectId, titles);
      if (!base) return [];
      const recipients = (members.get(projectId) ?? []).filter((userId) => userId !== event.actorId);
      return recipients.map((userId) => ({ ...base, userId }));
    });
    await insertNotifications(tx, rows);
    await scheduleDigests(tx, deps, [...new Set(rows.map((row) => row.userId))]);
  };

function notificationOf(event: DomainEvent, projectId: string, titles: Map<string, string>): NewNotification | null {
  const rule = notificationRuleFor(event.type);
  if (!rule) return null;
  const taskId = taskIdOf(event);
  const payloadTitle = "title" in event.payload && typeof event.payload.title === "string" ? event.payload.title : "";
  return {
    eventId: event.id,
    projectId,
    actorId: event.actorId,
    kind: rule.kind,
    taskId,
    taskTitle: (taskId ? titles.get(taskId) : undefined) ?? payloadTitle,
    fileName: rule.fileName?.(event.payload) ?? null,
    text: rule.text(event.payload),
    createdAt: event.createdAt,
  };
}

/** The task an event is about: its subject, or (designs and comments) the payload's `taskId`. */
function taskIdOf(event: DomainEvent): string | null {
  if (event.subject?.type === "task") return event.subject.id;
  const payload = event.payload as Record<string, unknown>;
  return typeof payload.taskId === "string" ? payload.taskId : null;
}
