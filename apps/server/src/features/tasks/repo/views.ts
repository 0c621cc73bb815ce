import type { DbOrTx } from "../../../db/client.ts";
import { taskViews } from "../../../db/schema/index.ts";

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
