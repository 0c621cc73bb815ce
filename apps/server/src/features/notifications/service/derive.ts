import { randomUUID } from "node:crypto";
import { notificationRetractionFor, notificationRuleFor, type TaskLinkTarget } from "@atelier/shared";
import type { DomainEventInput } from "../../../core/events/event.ts";
import type { EventWriter } from "../../../core/transaction.ts";
import { type NotificationSpec, notificationRetractionParts, notificationWriteParts } from "../repo/write.ts";
import { type DigestDeps, queueDigests } from "./digest.ts";

/**
 * Turns a unit of work's notifying events (NOTIFICATION_RULES in shared) into one notification
 * row per project member other than the actor (DESIGN §3), written in the events' own statement,
 * and queues the e-mail digests of the recipients it claimed (rare: once per person per digest).
 * An event type that is not in the table notifies nobody, so adding one is a line there.
 */
export const notificationWriter =
  (deps: DigestDeps): EventWriter =>
  (events) => {
    const specs = events.flatMap((event, index) => {
      const spec = specOf(event, index + 1);
      return spec ? [spec] : [];
    });
    const retractions = events.flatMap((event) => {
      const rule = notificationRetractionFor(event.type);
      return rule ? [{ subjectType: rule.subjectType, subjectIds: rule.subjectIds(event.payload) }] : [];
    });
    if (specs.length === 0 && retractions.length === 0) return null;
    const token = randomUUID();
    // Retractions first: the last part's rows (the claimed digests) come back to `after`.
    const retract = retractions.length > 0 ? notificationRetractionParts(retractions) : [];
    if (specs.length === 0) return { ctes: () => retract };
    return {
      ctes: (written) => [...retract, ...notificationWriteParts(specs, written, token)],
      after: (tx, claimed) =>
        queueDigests(
          tx,
          deps,
          claimed.map((row) => ({
            userId: String(row.userId),
            lastDigestAt: row.lastDigestMs === null ? null : new Date(Number(row.lastDigestMs)),
          })),
        ),
    };
  };

function specOf(event: DomainEventInput, ord: number): NotificationSpec | null {
  const rule = notificationRuleFor(event.type);
  if (!rule || !event.projectId) return null;
  const payloadTitle = "title" in event.payload && typeof event.payload.title === "string" ? event.payload.title : "";
  return {
    ord,
    projectId: event.projectId,
    actorId: event.actorId,
    audience: rule.audience ?? "team",
    kind: rule.kind,
    taskId: taskIdOf(event),
    payloadTitle,
    fileName: rule.fileName?.(event.payload) ?? null,
    ...targetOf(rule.target?.(event.payload)),
    text: rule.text(event.payload),
    textFor: rule.textFor?.(event.payload) ?? {},
  };
}

/** The link's target as the row stores it: none without a design (a link to the task alone). */
function targetOf(target: TaskLinkTarget | undefined) {
  const design = target?.design ?? null;
  return {
    designUuid: design,
    versionUuid: design ? (target?.version ?? null) : null,
    commentId: design ? (target?.comment ?? null) : null,
  };
}

/** The task an event is about: its subject, or (designs and comments) the payload's `taskId`. */
function taskIdOf(event: DomainEventInput): string | null {
  if (event.subject?.type === "task") return event.subject.id;
  const payload = event.payload as Record<string, unknown>;
  return typeof payload.taskId === "string" ? payload.taskId : null;
}
