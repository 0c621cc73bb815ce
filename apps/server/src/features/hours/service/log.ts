import { monthStartUtc } from "@atelier/shared";
import type { Actor } from "../../../core/context.ts";
import type { Emit } from "../../../core/transaction.ts";
import type { Tx } from "../../../db/client.ts";
import { addToDebt, deleteTaskEntry, findRateAndProjectName, insertEntry } from "../repo/work-log.ts";

export interface ApprovedTask {
  id: string;
  projectId: string;
  designerId: string | null;
  estimatedWork: number | null;
}

/**
 * Called by the tasks feature inside the approval's transaction (DESIGN §3): logs the task's
 * estimated work for its designer in the UTC month of approval at the designer's rate now. An
 * entry the task already has (approved before, reopened, approved again) is replaced, and the
 * designer's debt moves by the difference, so approving never logs twice. A task without a
 * designer logs nothing (nobody to pay).
 */
export async function logApprovedWork(
  tx: Tx,
  emit: Emit,
  actor: Actor,
  task: ApprovedTask,
  now: Date = new Date(),
): Promise<void> {
  const previous = await deleteTaskEntry(tx, task.id);
  if (previous) await addToDebt(tx, previous.designerId, -previous.amountCents);
  if (!task.designerId) return;
  const found = await findRateAndProjectName(tx, task.designerId, task.projectId);
  if (!found) return;
  const hours = task.estimatedWork ?? 0;
  const amountCents = hours * found.hourRateCents;
  await insertEntry(tx, {
    taskId: task.id,
    projectId: task.projectId,
    projectName: found.projectName,
    designerId: task.designerId,
    periodStart: new Date(monthStartUtc(now.getTime())),
    approvedAt: now,
    hours,
    hourRateCents: found.hourRateCents,
    amountCents,
  });
  await addToDebt(tx, task.designerId, amountCents);
  emit({
    type: "workLog.recorded",
    actorId: actor.id,
    projectId: null,
    subject: { type: "user", id: task.designerId },
    payload: { userId: task.designerId },
  });
}
