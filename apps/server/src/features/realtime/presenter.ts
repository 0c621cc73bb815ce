import type { ProjectActor, StreamMessage } from "@atelier/shared";
import { payloadFor } from "./service/audience.ts";
import type { EventBatch } from "./service/batch.ts";

/** The stream messages of a batch for one viewer, in event order, each numbered by its event. */
export function messagesFor(batch: EventBatch, viewer: ProjectActor): Array<{ id: number; data: StreamMessage }> {
  const out: Array<{ id: number; data: StreamMessage }> = [];
  for (const event of batch.events) {
    const role = event.projectId ? batch.roles.get(event.projectId)?.get(viewer.id) : undefined;
    const membership = role ? { projectRole: role, active: true } : null;
    const payload = payloadFor(event, viewer, membership);
    if (payload === null) continue;
    out.push({
      id: event.id,
      data: {
        kind: "change",
        type: event.type,
        projectId: event.projectId,
        subject: event.subject,
        actorId: event.actorId,
        at: event.createdAt.getTime(),
        payload,
        notification: batch.notifications.of(event.id, viewer),
      },
    });
  }
  return out;
}
