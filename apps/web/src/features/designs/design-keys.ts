/** Query keys of the designs feature: one task's designs and comments, and its zip's state. */
export const designKeys = {
  all: ["designs"] as const,
  task: (taskId: string) => ["designs", "task", taskId] as const,
  zip: (taskId: string) => ["designs", "zip", taskId] as const,
  /** under the task's key, so a change to its designs (and the stream's design events) refresh it */
  rounds: (taskId: string) => ["designs", "task", taskId, "rounds"] as const,
};
