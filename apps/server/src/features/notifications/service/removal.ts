import type { Tx } from "../../../db/client.ts";
import { deleteTaskNotifications } from "../repo/seen.ts";

/** A deleted task's notifications go with it, in the deletion's transaction (tasks call this). */
export function removeTaskNotifications(tx: Tx, taskId: string): Promise<void> {
  return deleteTaskNotifications(tx, taskId);
}
