import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { markTaskUnseenForOthers as markUnseen, taskUnseenForOthers } from "../repo/views.ts";

/*
 * What other features tell tasks when something new happens on a task (a design, a comment, a
 * review): `designsAndCommentsSeen` turns false for everyone but the actor. The SQL stays in
 * tasks' repo (repo/views.ts).
 */

export function markTaskUnseenForOthers(
  db: DbOrTx,
  task: { id: string; projectId: string },
  actorId: string,
): Promise<void> {
  return markUnseen(db, task, actorId);
}

/** The same write as a common table expression of another feature's statement (one round trip). */
export function taskUnseenWrite(task: { id: string; projectId: string }, actorId: string): SQL {
  return taskUnseenForOthers(task, actorId);
}
