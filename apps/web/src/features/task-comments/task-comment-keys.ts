/** Query keys of the task conversation feature: one task's threads. */
export const taskCommentKeys = {
  all: ["taskComments"] as const,
  task: (taskId: string) => ["taskComments", "task", taskId] as const,
};
