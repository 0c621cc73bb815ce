import type { ProjectRole } from "@atelier/shared";
import type { DbOrTx } from "../../../db/client.ts";
import { type EventNotifications, loadEventNotifications } from "../../notifications/index.ts";
import { type EventPosition, eventsAfter, type PositionedEvent } from "../repo/events.ts";
import { projectRolesOf } from "../repo/viewers.ts";

/**
 * A run of committed events with what presenting them to any viewer needs, read once per run
 * (the hub reads one for all the streams of an instance; a resuming stream reads its own).
 * Memberships are read now, not as they were: someone who left a project gets nothing more of it.
 */
export interface EventBatch {
  /** in the streams' order (xid, id), each with its position */
  events: PositionedEvent[];
  /** a committed event after these waits for an older transaction still open (read again soon) */
  held: boolean;
  roles: Map<string, Map<string, ProjectRole>>;
  /** what each recipient's stream carries of the notifications these events made */
  notifications: EventNotifications;
}

export async function loadBatch(
  db: DbOrTx,
  after: EventPosition,
  limit: number,
  onlyUserId?: string,
): Promise<EventBatch> {
  const { events, held } = await eventsAfter(db, after, limit);
  const projectIds = [...new Set(events.flatMap((event) => (event.projectId ? [event.projectId] : [])))];
  const [roles, notifications] = await Promise.all([
    projectRolesOf(db, projectIds),
    loadEventNotifications(
      db,
      events.map((event) => event.id),
      onlyUserId,
    ),
  ]);
  return { events, held, roles, notifications };
}
