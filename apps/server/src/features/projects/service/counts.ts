import { MESSAGES, projectTakesTasks } from "@atelier/shared";
import { ruleRefused } from "../../../core/errors.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { addToTaskCounts, readProjectStateLocked } from "../repo/projects.ts";

/**
 * The project's task counters (shown on the project and in lists) are kept by the tasks feature:
 * it calls this in the same transaction as the task change, with how much each count moved
 * (creating a task: taskCount +1; archiving one: taskCount -1, countArchivedTasks +1).
 */
export async function adjustTaskCounts(
  tx: DbOrTx,
  projectId: string,
  deltas: { taskCount?: number; countArchivedTasks?: number },
): Promise<void> {
  const taskCount = deltas.taskCount ?? 0;
  const archivedTaskCount = deltas.countArchivedTasks ?? 0;
  if (taskCount === 0 && archivedTaskCount === 0) return;
  await addToTaskCounts(tx, projectId, { taskCount, archivedTaskCount });
}

/**
 * Refuses new work in an archived project (issue 29: 412 with a sentence), checked inside the
 * adding transaction under a share lock, so archiving at the same moment cannot let a task slip in.
 * Every path that adds a task to a project calls this first.
 */
export async function ensureProjectTakesTasks(tx: DbOrTx, projectId: string): Promise<void> {
  const state = await readProjectStateLocked(tx, projectId);
  if (state && !projectTakesTasks({ state })) throw ruleRefused(MESSAGES.projectArchivedNoTasks);
}
