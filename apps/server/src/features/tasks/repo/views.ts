import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectMembers, projects, tasks, taskViews } from "../../../db/schema/index.ts";

/** Records that the user has seen the task's designs and comments as they are now. */
export async function markDesignsAndCommentsSeen(db: DbOrTx, taskId: string, userId: string): Promise<void> {
  const now = new Date();
  await db
    .insert(taskViews)
    .values({ taskId, userId, designsAndCommentsSeen: true, updatedAt: now })
    .onConflictDoUpdate({
      target: [taskViews.taskId, taskViews.userId],
      set: { designsAndCommentsSeen: true, updatedAt: now },
    });
}

/**
 * Something new happened on the task (a design, a comment, a review, a status change): `designsAndCommentsSeen` turns false for everyone who may
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

/**
 * The projects (not deleted, seen by the user: staff see all, others as active members) where a
 * task not archived is unseen by the user, most recently marked first. The partial index on the
 * user's unseen rows keeps this a walk over their few unseen tasks.
 */
export async function findUnseenProjectIds(
  db: DbOrTx,
  user: { id: string; seesAllProjects: boolean },
  limit: number,
): Promise<string[]> {
  const result = await db.execute(sql`
    select t.project_id::text as id
    from ${taskViews} v
    join ${tasks} t on t.id = v.task_id and t.archived_at is null
    join ${projects} p on p.id = t.project_id and p.deleted_at is null
    where v.user_id = ${user.id} and not v.designs_and_comments_seen
      and (${user.seesAllProjects} or exists (
        select 1 from ${projectMembers} m
        where m.project_id = t.project_id and m.user_id = ${user.id} and m.active))
    group by t.project_id
    order by max(v.updated_at) desc
    limit ${limit}`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}
