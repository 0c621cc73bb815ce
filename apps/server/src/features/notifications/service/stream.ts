import type { ProjectActor, StreamMessage } from "@atelier/shared";
import type { DbOrTx } from "../../../db/client.ts";
import { presentNotificationItem } from "../presenter.ts";
import { notificationsOfEvents } from "../repo/read.ts";

type ChangeMessage = Extract<StreamMessage, { kind: "change" }>;
export type StreamedNotification = NonNullable<ChangeMessage["notification"]>;

/** The notifications a run of events made, as each recipient's stream carries them. */
export interface EventNotifications {
  of(eventId: number, viewer: ProjectActor): StreamedNotification | null;
}

/**
 * Reads the notification rows of these events in one statement (only `onlyUserId`'s for a stream
 * that resumes alone), each with its recipient's unread count, for the realtime streams.
 */
export async function loadEventNotifications(
  db: DbOrTx,
  eventIds: readonly number[],
  onlyUserId?: string,
): Promise<EventNotifications> {
  const rows = await notificationsOfEvents(db, eventIds, onlyUserId);
  const byRecipient = new Map(rows.map((row) => [`${row.eventId}:${row.userId}`, row]));
  return {
    of(eventId, viewer) {
      const row = byRecipient.get(`${eventId}:${viewer.id}`);
      return row
        ? { projectId: row.projectId, item: presentNotificationItem(viewer, row), unreadCount: row.unreadCount }
        : null;
    },
  };
}
