import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { designerFileViews, projectMembers, taskViews } from "../../../db/schema/index.ts";

/** The user opened this file version. */
export async function markFileSeen(db: DbOrTx, designerFileId: string, userId: string): Promise<void> {
  const now = new Date();
  await db
    .insert(designerFileViews)
    .values({ designerFileId, userId, fileSeenAt: now })
    .onConflictDoUpdate({
      target: [designerFileViews.designerFileId, designerFileViews.userId],
      set: { fileSeenAt: now },
    });
}

/** The user read this version's comments as they are now. */
export async function markCommentsSeen(db: DbOrTx, designerFileId: string, userId: string): Promise<void> {
  const now = new Date();
  await db
    .insert(designerFileViews)
    .values({ designerFileId, userId, commentsSeenAt: now })
    .onConflictDoUpdate({
      target: [designerFileViews.designerFileId, designerFileViews.userId],
      set: { commentsSeenAt: now },
    });
}

/**
 * Something new arrived on the task: `designsAndCommentsSeen` turns false for everyone who may
 * look at it but the actor — the project's active members and whoever already has a row (staff
 * who opened it) — in one statement.
 */
export async function markTaskUnseenForOthers(
  db: DbOrTx,
  task: { id: string; projectId: string },
  actorId: string,
): Promise<void> {
  await db.execute(taskUnseenForOthers(task, actorId));
}

/** The statement of `markTaskUnseenForOthers`, to run as part of another (repo/comments.ts). */
export function taskUnseenForOthers(task: { id: string; projectId: string }, actorId: string): SQL {
  return sql`
    insert into ${taskViews} (task_id, user_id, designs_and_comments_seen, updated_at)
    select ${task.id}::uuid, people.user_id, false, now() from (
      select ${projectMembers.userId} as user_id from ${projectMembers}
      where ${projectMembers.projectId} = ${task.projectId} and ${projectMembers.active}
      union
      select ${taskViews.userId} from ${taskViews} where ${taskViews.taskId} = ${task.id}
    ) as people
    where people.user_id <> ${actorId}::uuid
    order by people.user_id
    on conflict (task_id, user_id) do update set designs_and_comments_seen = false, updated_at = now()`;
}
